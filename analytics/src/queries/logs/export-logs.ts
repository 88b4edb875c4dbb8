import { z } from 'zod';
import { logsTable } from '../../ingest/log-row.js';
import { epochSecond } from '../epoch-second.js';
import type { AnalyticsQuerier } from '../../ports/analytics-querier.js';
import type { LogEntry } from '@tollgate/wire';
import { logEntryColumns, logEntrySchema } from './log-entry.js';

export const exportRangeSchema = z
  .object({
    /** Seconds since the epoch, inclusive. */
    startTimestamp: epochSecond,
    /** Seconds since the epoch, inclusive. */
    endTimestamp: epochSecond,
    /** Rows per query: what one page holds in memory. */
    pageSize: z.number().int().min(1).max(100_000).default(5_000),
  })
  .refine((range) => range.startTimestamp <= range.endTimestamp, { message: 'start after end' });
export type ExportRange = z.input<typeof exportRangeSchema>;

/** Where the previous page ended, in the table's sorting-key order. */
interface LogCursor {
  userId: number;
  createdAt: number;
  id: string;
}

const afterCursor = `(user_id, created_at, id) > ({afterUser:UInt64}, toDateTime({afterAt:UInt32}), {afterId:String})`;

/**
 * Every log row of a time range, one page per query, for the finance export.
 *
 * Pages follow the sorting key (user, then time, then id) with a keyset cursor rather than an
 * OFFSET or a time order: the engine then reads each page in key order and stops at the limit, so
 * a month-long export costs one pass over the range instead of one per page. Nothing holds more
 * than a page; the consumer pulls the next one when it is ready (back-pressure).
 */
export function exportLogs(querier: AnalyticsQuerier) {
  return async function* (input: ExportRange): AsyncGenerator<LogEntry[]> {
    const { startTimestamp, endTimestamp, pageSize } = exportRangeSchema.parse(input);
    let cursor: LogCursor | null = null;
    for (;;) {
      const page: LogEntry[] = await querier.query({
        sql: `SELECT ${logEntryColumns} FROM ${logsTable} FINAL
              WHERE created_at >= toDateTime({start:UInt32}) AND created_at <= toDateTime({end:UInt32})${cursor ? ` AND ${afterCursor}` : ''}
              ORDER BY user_id, created_at, id LIMIT {limit:UInt32}`,
        params: {
          start: startTimestamp,
          end: endTimestamp,
          limit: pageSize,
          ...(cursor ? { afterUser: cursor.userId, afterAt: cursor.createdAt, afterId: cursor.id } : {}),
        },
        schema: logEntrySchema,
      });
      if (page.length > 0) {
        yield page;
      }
      const last = page.at(-1);
      if (!last || page.length < pageSize) {
        return;
      }
      cursor = { userId: last.user_id, createdAt: last.created_at, id: last.id };
    }
  };
}
