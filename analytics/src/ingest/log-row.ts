import type { LogEntry } from '@tollgate/wire';

/** The ClickHouse table holding every log row (migrations/0001_logs.sql). */
export const logsTable = 'logs';

/**
 * One row of `logs` as inserted: the wire's log entry under the table's column names (the
 * channel's id is `channel_id`). `id` is the event id, so a re-delivered event replaces its own row.
 */
export type LogRow = Omit<LogEntry, 'channel'> & { channel_id: number };
