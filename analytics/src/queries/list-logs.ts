import { z } from 'zod';
import { logsTable } from '../ingest/log-row.js';
import type { AnalyticsQuerier } from '../ports/analytics-querier.js';
import { logEntryColumns, logEntrySchema, type LogEntry } from './log-entry.js';
import { buildWhere, logFilterSchema } from './log-filter.js';

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

const totalRow = z.object({ total: z.coerce.number() });

/**
 * The log list, newest first. FINAL so a re-delivered event never shows twice, even before a merge.
 *
 * The total is read before the page, not beside it: the two reads see different moments, and rows
 * only arrive between them, so counting first means the total never includes a row the page lacks
 * (read in parallel, a caller waiting for `total` to reach n could take an older row as the newest).
 */
export function listLogs(querier: AnalyticsQuerier) {
  return async (input: ListLogsInput): Promise<LogPage> => {
    const { offset, limit, ...filter } = listLogsInputSchema.parse(input);
    const where = buildWhere(filter);
    const totals = await querier.query({
      sql: `SELECT count() AS total FROM ${logsTable} FINAL ${where.sql}`,
      params: where.params,
      schema: totalRow,
    });
    const items = await querier.query({
      sql: `SELECT ${logEntryColumns} FROM ${logsTable} FINAL ${where.sql}
            ORDER BY created_at DESC, id DESC LIMIT {limit:UInt32} OFFSET {offset:UInt32}`,
      params: { ...where.params, limit, offset },
      schema: logEntrySchema,
    });
    return { items, total: totals[0]?.total ?? 0 };
  };
}
