import type { LogEntry } from '@tollgate/wire';

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

/** Reads the logs held by analytics (ClickHouse). */
export interface LogReader {
  list(filter: LogFilter, page: { offset: number; limit: number }): Promise<{ items: LogEntry[]; total: number }>;
  stat(filter: LogFilter): Promise<{ quota: number; rpm: number; tpm: number }>;
  deleteBefore(timestampSeconds: number): Promise<number>;
  /** new-api's keyword search, newest first, at most 100 rows; `userId` scopes it to one user (type only). */
  search(query: { userId?: number; keyword: string }): Promise<LogEntry[]>;
}
