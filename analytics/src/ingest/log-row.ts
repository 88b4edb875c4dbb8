/** The ClickHouse table holding every log row (migrations/0001_logs.sql). */
export const logsTable = 'logs';

/** One row of `logs` as inserted; column names are the table's. */
export type LogRow = {
  /** The event id, so a re-delivered event replaces its own row. */
  id: string;
  /** Seconds since the epoch. */
  created_at: number;
  type: number;
  user_id: number;
  username: string;
  token_id: number;
  token_name: string;
  channel_id: number;
  model_name: string;
  /** Consume rows: the cost; admin, top-up and system rows: the signed amount added. */
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Whole seconds, as the spec's log entry shows it. */
  use_time: number;
  is_stream: boolean;
  content: string;
  /** JSON text. */
  other: string;
  group: string;
};
