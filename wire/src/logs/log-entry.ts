import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/** The columns every log entry has (spec: log entry), snake_case as on the wire. */
const logEntryFields = {
  /** The event id (a string, so JavaScript never rounds it). */
  id: z.string(),
  /** Seconds since the epoch. */
  created_at: nonNegativeInt(),
  /** A `LogType`: 1 top-up, 2 consume, 3 admin, 4 system. */
  type: nonNegativeInt(),
  content: z.string(),
  user_id: nonNegativeInt(),
  username: z.string(),
  /** The key that caused the row (0 for none). */
  token_id: nonNegativeInt(),
  token_name: z.string(),
  model_name: z.string(),
  /** Consume rows: the cost; admin, top-up and system rows: the signed amount added. */
  quota: z.int(),
  prompt_tokens: nonNegativeInt(),
  completion_tokens: nonNegativeInt(),
  /** Whole seconds. */
  use_time: nonNegativeInt(),
  is_stream: z.boolean(),
  group: z.string(),
  /** JSON text (ratios, timings; `admin_info` on administrators' rows only). */
  other: z.string(),
};

/** A log row as analytics reads it and administrators receive it: the channel's id as `channel` (0 for none). */
export const logEntrySchema = z.object({ ...logEntryFields, channel: nonNegativeInt() });
export type LogEntry = z.infer<typeof logEntrySchema>;

/** An administrator's list row: the channel's name joined, as new-api's list ('' when the channel is gone). */
export const adminLogEntrySchema = z.object({ ...logEntryFields, channel: nonNegativeInt(), channel_name: z.string() });
export type AdminLogEntry = z.infer<typeof adminLogEntrySchema>;

/** A user's own row: no channel, and its name empty (new-api clears it). */
export const selfLogEntrySchema = z.object({ ...logEntryFields, channel_name: z.literal('') });
export type SelfLogEntry = z.infer<typeof selfLogEntrySchema>;

/**
 * Any row a console is sent, listed or pushed: an administrator's or a user's own. Every common
 * column is required, so a renamed or retyped column fails here instead of showing blank.
 */
export const shownLogEntrySchema = z.object({ ...logEntryFields, channel: z.optional(nonNegativeInt()), channel_name: z.optional(z.string()) });
export type ShownLogEntry = z.infer<typeof shownLogEntrySchema>;
