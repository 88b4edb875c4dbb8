/** The log list filters of the spec; userId is set for the /self calls. */
export interface LogFilter {
  userId?: number;
  type?: number;
  username?: string;
  tokenName?: string;
  /** A LIKE pattern (`%`, `_`), as new-api's model filter. */
  modelName?: string;
  /** One key's rows (`/api/log/token`). */
  tokenId?: number;
  channel?: number;
  startTimestamp?: number;
  endTimestamp?: number;
}

/** A log row as the console receives it (snake_case, as on the wire). */
export interface LogRow {
  id: string;
  created_at: number;
  type: number;
  content: string;
  user_id: number;
  username: string;
  /** The key that caused the row (0 for none). */
  token_id: number;
  token_name: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time: number;
  is_stream: boolean;
  channel: number;
  group: string;
  other: string;
}

/** Reads the logs held by analytics (ClickHouse). */
export interface LogReader {
  list(filter: LogFilter, page: { offset: number; limit: number }): Promise<{ items: LogRow[]; total: number }>;
  stat(filter: LogFilter): Promise<{ quota: number; rpm: number; tpm: number }>;
  deleteBefore(timestampSeconds: number): Promise<number>;
  /** new-api's keyword search, newest first, at most 100 rows; `userId` scopes it to one user (type only). */
  search(query: { userId?: number; keyword: string }): Promise<LogRow[]>;
}
