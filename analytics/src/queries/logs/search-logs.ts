import { z } from 'zod';
import { logsTable } from '../../ingest/log-row.js';
import type { AnalyticsQuerier, QueryParams } from '../../ports/analytics-querier.js';
import type { LogEntry } from '@tollgate/wire';
import { logEntryColumns, logEntrySchema } from './log-entry.js';
import { mysqlLikePattern } from './log-filter.js';

/** new-api's MaxRecentItems: a search answers at most this many rows, newest first. */
const SEARCH_LIMIT = 100;

export const searchLogsInputSchema = z.object({
  /** `/api/log/self/search`: only this user's rows, matched by type alone. */
  userId: z.number().int().positive().optional(),
  keyword: z.string(),
});
export type SearchLogsInput = z.input<typeof searchLogsInputSchema>;

/** A keyword that is a whole number names a log type, as new-api's `type = ?` compares it. */
const asType = (keyword: string): number | null => (/^\d{1,9}$/.test(keyword.trim()) ? Number(keyword.trim()) : null);

/**
 * new-api's log search: an administrator's keyword matches rows of that type or whose content
 * starts with it (`content LIKE keyword%`); a user's matches only the type, within their own rows.
 */
export function searchLogs(querier: AnalyticsQuerier) {
  return async (input: SearchLogsInput): Promise<LogEntry[]> => {
    const { userId, keyword } = searchLogsInputSchema.parse(input);
    const type = asType(keyword);
    const params: QueryParams = { limit: SEARCH_LIMIT };
    const either: string[] = [];
    if (type !== null) {
      either.push('type = {type:Int64}');
      params.type = type;
    }
    if (userId === undefined) {
      either.push('content LIKE {prefix:String}');
      params.prefix = `${mysqlLikePattern(keyword)}%`;
    } else {
      params.userId = userId;
    }
    if (either.length === 0) return [];
    const mine = userId === undefined ? '' : 'user_id = {userId:UInt64} AND ';
    return querier.query({
      sql: `SELECT ${logEntryColumns} FROM ${logsTable} FINAL WHERE ${mine}(${either.join(' OR ')})
            ORDER BY created_at DESC, id DESC LIMIT {limit:UInt32}`,
      params,
      schema: logEntrySchema,
    });
  };
}
