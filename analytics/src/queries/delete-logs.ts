import { z } from 'zod';
import { logsTable } from '../ingest/log-row.js';
import type { AnalyticsQuerier } from '../ports/analytics-querier.js';

const countRow = z.object({ deleted: z.coerce.number() });
const beforeSchema = z.number().int().nonnegative();

/**
 * Deletes every log row created before `timestampSeconds` and returns how many there were.
 * Counted first because a DELETE reports no row count (chdb's summary says 0 written rows).
 */
export function deleteLogsBefore(querier: AnalyticsQuerier) {
  return async (timestampSeconds: number): Promise<number> => {
    const before = beforeSchema.parse(timestampSeconds);
    const condition = 'created_at < {before:DateTime}';
    const counted = await querier.query({
      sql: `SELECT count() AS deleted FROM ${logsTable} FINAL WHERE ${condition}`,
      params: { before },
      schema: countRow,
    });
    const deleted = counted[0]?.deleted ?? 0;
    if (deleted > 0) {
      // Lightweight DELETE: rows vanish from reads at once, parts are rewritten by later merges.
      await querier.command(`DELETE FROM ${logsTable} WHERE ${condition}`, { before });
    }
    return deleted;
  };
}
