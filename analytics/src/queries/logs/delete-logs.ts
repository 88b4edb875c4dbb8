import { z } from 'zod';
import { logsTable } from '../../ingest/log-row.js';
import { epochSecond } from '../epoch-second.js';
import type { AnalyticsQuerier } from '../../ports/analytics-querier.js';

/** Where each deletion's cutoff is recorded (migrations/0003_logs_deleted_before.sql). */
export const logsDeletedBeforeTable = 'logs_deleted_before';

const countRow = z.object({ deleted: z.coerce.number() });
/** `logs` is partitioned by toYYYYMM(created_at): a partition id is its month. */
const monthPartition = z.object({ partition_id: z.string().regex(/^\d{6}$/) });

/**
 * Deletes every log row created before `timestampSeconds` and returns how many there were.
 * Counted first because a DELETE reports no row count (chdb's summary says 0 written rows).
 *
 * The cutoff is recorded before anything goes, so the stats never sum rollup minutes whose rows
 * the list no longer shows. Whole months before it are dropped as partitions (a file removal,
 * however many rows); the rest goes by a lightweight DELETE, which hides the rows from reads at
 * once while later merges rewrite the parts.
 */
export function deleteLogsBefore(querier: AnalyticsQuerier) {
  return async (timestampSeconds: number): Promise<number> => {
    const before = epochSecond.parse(timestampSeconds);
    const condition = 'created_at < toDateTime({before:UInt32})';
    const counted = await querier.query({
      sql: `SELECT count() AS deleted FROM ${logsTable} FINAL WHERE ${condition}`,
      params: { before },
      schema: countRow,
    });
    const deleted = counted[0]?.deleted ?? 0;
    await querier.insert(logsDeletedBeforeTable, [{ before }]);
    if (deleted > 0) {
      await dropMonthsBefore(querier, before);
      await querier.command(`DELETE FROM ${logsTable} WHERE ${condition}`, { before });
    }
    return deleted;
  };
}

async function dropMonthsBefore(querier: AnalyticsQuerier, before: number): Promise<void> {
  const months = await querier.query({
    sql: `SELECT DISTINCT partition_id FROM system.parts
          WHERE database = currentDatabase() AND table = {table:String} AND active
            AND toUInt32(partition_id) < toYYYYMM(toDateTime({before:UInt32}, 'UTC'))`,
    params: { table: logsTable, before },
    schema: monthPartition,
  });
  for (const { partition_id } of months) {
    // DDL takes no bound parameters; the id was checked to be six digits.
    await querier.command(`ALTER TABLE ${logsTable} DROP PARTITION ID '${partition_id}'`);
  }
}
