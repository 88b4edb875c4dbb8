import type { LogEntry } from '@tollgate/wire';
import type { LogFilter, LogReader } from '../../src/ports/log-reader.js';

/** FAKE, for gateway tests only: logs held in memory while the analytics (ClickHouse) reader is being built. */
export class FakeLogReader implements LogReader {
  rows: LogEntry[] = [];
  readonly filters: LogFilter[] = [];

  async list(filter: LogFilter, page: { offset: number; limit: number }) {
    this.filters.push(filter);
    const found = this.rows.filter((row) => matches(row, filter));
    return { items: found.slice(page.offset, page.offset + page.limit), total: found.length };
  }

  async stat(filter: LogFilter) {
    this.filters.push(filter);
    const quota = this.rows.filter((row) => matches(row, filter)).reduce((sum, row) => sum + row.quota, 0);
    return { quota, rpm: 0, tpm: 0 };
  }

  async search(query: { userId?: number; keyword: string }) {
    const type = Number(query.keyword);
    return this.rows.filter((row) => (query.userId === undefined || row.user_id === query.userId) && (row.type === type || (query.userId === undefined && row.content.startsWith(query.keyword))));
  }

  async deleteBefore(timestampSeconds: number) {
    const before = this.rows.length;
    this.rows = this.rows.filter((row) => row.created_at >= timestampSeconds);
    return before - this.rows.length;
  }
}

function matches(row: LogEntry, filter: LogFilter): boolean {
  if (filter.userId !== undefined && row.user_id !== filter.userId) return false;
  if (filter.type !== undefined && row.type !== filter.type) return false;
  if (filter.username !== undefined && row.username !== filter.username) return false;
  if (filter.tokenName !== undefined && row.token_name !== filter.tokenName) return false;
  if (filter.modelName !== undefined && row.model_name !== filter.modelName) return false;
  if (filter.tokenId !== undefined && row.token_id !== filter.tokenId) return false;
  if (filter.channel !== undefined && row.channel !== filter.channel) return false;
  if (filter.startTimestamp !== undefined && row.created_at < filter.startTimestamp) return false;
  return filter.endTimestamp === undefined || row.created_at <= filter.endTimestamp;
}
