import { logEntrySchema as wireLogEntrySchema } from '@tollgate/wire';
import { clickhouseRow } from '../clickhouse-row.js';

/** A row of the log list as the spec's log entry has it (wire's `LogEntry`), read from ClickHouse. */
export const logEntrySchema = clickhouseRow(wireLogEntrySchema);

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
