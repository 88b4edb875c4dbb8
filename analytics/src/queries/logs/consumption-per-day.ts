import { z } from 'zod';
import { logsTable } from '../../ingest/log-row.js';
import type { AnalyticsQuerier } from '../../ports/analytics-querier.js';
import { logsDeletedBeforeTable } from './delete-logs.js';

/** One user's consume rows (type 2) on one UTC day. */
export const loggedConsumptionSchema = z.object({
  user_id: z.coerce.number(),
  day: z.string(),
  quota: z.coerce.number(),
  calls: z.coerce.number(),
});
export type LoggedConsumption = z.infer<typeof loggedConsumptionSchema>;

/** The id prefix of log rows an import brought over from new-api (gateway/src/import/import-logs.ts). */
export const importedLogIdPrefix = 'new-api-log-';

/**
 * The consume rows' quota per user and UTC day, made before `untilSeconds` (exclusive): what the
 * ledger audit compares with the consumption the event log implies. FINAL, so an event ingested
 * twice counts once. Imported rows are left out: they have no call event, their cost reaches the
 * ledger as the opening balance's used quota (OpeningBalanceRecorded), which the balance check covers.
 */
export function loggedConsumptionPerDay(querier: AnalyticsQuerier) {
  return (untilSeconds: number): Promise<LoggedConsumption[]> =>
    querier.query({
      sql: `SELECT user_id, toString(toDate(created_at)) AS day, sum(quota) AS quota, count() AS calls
            FROM ${logsTable} FINAL
            WHERE type = 2 AND created_at < toDateTime({until:UInt32}) AND NOT startsWith(id, {imported:String})
            GROUP BY user_id, day ORDER BY user_id, day`,
      params: { until: untilSeconds, imported: importedLogIdPrefix },
      schema: loggedConsumptionSchema,
    });
}

const cutoffRow = z.object({ before: z.coerce.number() });

/** The newest time before which log rows were deleted (seconds; 0 when none were): earlier days no longer sum whole. */
export function logsKeptSince(querier: AnalyticsQuerier) {
  return async (): Promise<number> => {
    const [row] = await querier.query({ sql: `SELECT toUInt32(max(before)) AS before FROM ${logsDeletedBeforeTable}`, schema: cutoffRow });
    return row?.before ?? 0;
  };
}
