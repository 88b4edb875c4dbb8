import { z } from 'zod';
import { logsTable } from '../../ingest/log-row.js';
import type { AnalyticsQuerier, QueryParams } from '../../ports/analytics-querier.js';
import type { LogEntry } from '@tollgate/wire';
import { logEntryColumns, logEntrySchema } from './log-entry.js';
import { buildWhere, logFilterSchema, type WhereClause } from './log-filter.js';

export const listLogsInputSchema = logFilterSchema.extend({
  /** Rows to skip: the gateway turns the page number into this. */
  offset: z.number().int().nonnegative().default(0),
  limit: z.number().int().min(1).max(1000).default(10),
});
export type ListLogsInput = z.input<typeof listLogsInputSchema>;

export interface LogPage {
  items: LogEntry[];
  /** Rows matching the filter, across all pages. */
  total: number;
}

/**
 * How far back from the newest end the page read may look, narrowest first: an hour, a day, a
 * week, a month, a year. `logs` is sorted by user first, so only a time bound keeps a read across
 * every user from merging (FINAL) and sorting the whole table.
 */
const windowsSeconds = [3_600, 86_400, 7 * 86_400, 31 * 86_400, 366 * 86_400];

const countsRow = z.object({ total: z.coerce.number(), within: z.array(z.coerce.number()) });

/** The newest end of the windows: the range's end when it has one, else the clock. */
const windowEnd = (endTimestamp: number | undefined, now: () => number) => endTimestamp || Math.floor(now() / 1000);

/**
 * The log list, newest first.
 *
 * One pass counts the matches, in all and within each window, without FINAL: every event is stored
 * once (the ingestion drops redelivered ones), as the rollups behind the stats also assume. The
 * page is then read with FINAL, so even a copy written past that check never shows twice, from the
 * narrowest window that holds it; should copies leave that window short, the page is read again
 * without a bound.
 *
 * The counts are read before the page, not beside it: rows only arrive between the reads, so the
 * total never includes a row the page lacks.
 */
export function listLogs(querier: AnalyticsQuerier, now: () => number = Date.now) {
  return async (input: ListLogsInput): Promise<LogPage> => {
    const { offset, limit, ...filter } = listLogsInputSchema.parse(input);
    const where = buildWhere(filter);
    const end = windowEnd(filter.endTimestamp, now);
    const counts = await querier.query({
      sql: `SELECT count() AS total, [${windowsSeconds.map((_, i) => `countIf(created_at >= toDateTime({since${i}:UInt32}))`).join(', ')}] AS within
            FROM ${logsTable} ${where.sql}`,
      params: { ...where.params, ...Object.fromEntries(windowsSeconds.map((seconds, i) => [`since${i}`, Math.max(0, end - seconds)])) },
      schema: countsRow,
    });
    const { total = 0, within = [] } = counts[0] ?? {};
    if (total <= offset) {
      return { items: [], total };
    }
    // The last page may hold fewer than `limit`: it needs only the rows up to the total.
    const needed = Math.min(offset + limit, total);
    const windowIndex = within.findIndex((count) => count >= needed);
    const since = windowIndex < 0 ? null : Math.max(0, end - (windowsSeconds[windowIndex] ?? 0));
    const readPage = pageReader(querier, where, { limit, offset });
    const items = await readPage(since);
    const short = items.length < needed - offset;
    return { items: short && since !== null ? await readPage(null) : items, total };
  };
}

/** Reads one page with FINAL, newest first, from `since` on (null: no bound). */
function pageReader(querier: AnalyticsQuerier, where: WhereClause, page: { limit: number; offset: number }) {
  return (since: number | null): Promise<LogEntry[]> => {
    // PREWHERE filters before FINAL merges; safe because every copy of an event is the same row.
    const prewhere = since === null ? '' : 'PREWHERE created_at >= toDateTime({since:UInt32})';
    const params: QueryParams = { ...where.params, ...page, ...(since === null ? {} : { since }) };
    return querier.query({
      sql: `SELECT ${logEntryColumns} FROM ${logsTable} FINAL ${prewhere} ${where.sql}
            ORDER BY created_at DESC, id DESC LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
      params,
      schema: logEntrySchema,
    });
  };
}
