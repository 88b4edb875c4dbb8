import { z } from 'zod';

/** A row of the log list as the spec's log entry has it (snake_case, as on the wire). */
export const logEntrySchema = z.object({
  id: z.string(),
  /** Seconds since the epoch. */
  created_at: z.coerce.number(),
  type: z.coerce.number(),
  content: z.string(),
  username: z.string(),
  /** The key's id (0 for rows no key caused). */
  token_id: z.coerce.number(),
  token_name: z.string(),
  model_name: z.string(),
  quota: z.coerce.number(),
  prompt_tokens: z.coerce.number(),
  completion_tokens: z.coerce.number(),
  /** Whole seconds. */
  use_time: z.coerce.number(),
  is_stream: z.boolean(),
  /** Channel id. */
  channel: z.coerce.number(),
  /** JSON text. */
  other: z.string(),
  group: z.string(),
  user_id: z.coerce.number(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** The columns of `logs` that make a LogEntry; `created_at` arrives as seconds (date_time_output_format). */
export const logEntryColumns = [
  'id',
  'created_at',
  'type',
  'content',
  'username',
  'token_id',
  'token_name',
  'model_name',
  'quota',
  'prompt_tokens',
  'completion_tokens',
  'use_time',
  'is_stream',
  'channel_id AS channel',
  'other',
  '`group`',
  'user_id',
].join(', ');
