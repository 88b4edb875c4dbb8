import { LogType } from '@tollgate/wire';
import { z } from 'zod';
import { logsTable } from '../../ingest/log-row.js';
import type { AnalyticsQuerier, QueryParams } from '../../ports/analytics-querier.js';
import { logsDeletedBeforeTable } from './delete-logs.js';
import { buildWhere, logFilterSchema, timeRangeKeys, type LogFilter } from './log-filter.js';
import { usagePerMinuteTable } from '../rollups/usage-per-minute.js';
import { wholeMinutes } from '../rollups/whole-minutes.js';

export interface LogStats {
  /** Quota consumed by the matching consume rows within the time range. */
  quota: number;
  /** Consume requests in the last 60 seconds. */
  rpm: number;
  /** Prompt plus completion tokens in the last 60 seconds. */
  tpm: number;
}

const cutoffRow = z.object({ before: z.coerce.number() });

/** The newest cutoff of a log deletion (0: none): the rollup still holds the minutes before it. */
async function deletedBefore(querier: AnalyticsQuerier): Promise<number> {
  const rows = await querier.query({ sql: `SELECT max(before) AS before FROM ${logsDeletedBeforeTable}`, schema: cutoffRow });
  return rows[0]?.before ?? 0;
}

const quotaRow = z.object({ quota: z.coerce.number() });
const rateRow = z.object({ rpm: z.coerce.number(), tpm: z.coerce.number() });
const consumeOnly = `type = ${LogType.Consume}`;
const rateWindowSeconds = 60;
/** Filters the rollup cannot apply (it holds consume rows only, per minute) and RPM/TPM ignore. */
const typeAndRange = ['type', ...timeRangeKeys] as const;

/**
 * The log page's badges. Like the wire-compatible gateway, stats count consume rows whatever the
 * type filter says, and RPM/TPM look at the last minute whatever the time range says.
 *
 * The quota sums the per-minute rollup over the whole minutes of the range, and raw rows only for
 * the seconds before the first and after the last whole minute, so it stays exact to the second
 * at the cost of two short raw reads. The rollup's filter columns have the log's names. The range
 * starts no earlier than the last log deletion's cutoff, so the quota sums only rows the list shows.
 */
export function logStats(querier: AnalyticsQuerier, now: () => number = Date.now) {
  return async (input: LogFilter): Promise<LogStats> => {
    const filter = logFilterSchema.parse(input);
    const start = Math.max(filter.startTimestamp ?? 0, await deletedBefore(querier));
    const minutes = wholeMinutes(start || undefined, filter.endTimestamp || undefined);
    const rolled = buildWhere(filter, minutes.rollup, typeAndRange);
    const edges = buildWhere(filter, [consumeOnly, minutes.raw], ['type']);
    const recent = buildWhere(filter, [consumeOnly], typeAndRange);
    const since = Math.floor(now() / 1000) - rateWindowSeconds;
    const sumQuota = (sql: string, params: QueryParams) => querier.query({ sql, params, schema: quotaRow });
    const [rollupRows, edgeRows, rateRows] = await Promise.all([
      sumQuota(`SELECT sum(quota) AS quota FROM ${usagePerMinuteTable} ${rolled.sql}`, { ...rolled.params, ...minutes.params }),
      minutes.raw === 'false' ? [] : sumQuota(`SELECT sum(quota) AS quota FROM ${logsTable} ${edges.sql}`, { ...edges.params, ...minutes.params }),
      querier.query({
        // A bounded PREWHERE keeps FINAL to the last minute's rows.
        sql: `SELECT count() AS rpm, sum(prompt_tokens + completion_tokens) AS tpm
              FROM ${logsTable} FINAL PREWHERE created_at >= toDateTime({since:UInt32}) ${recent.sql}`,
        params: { ...recent.params, since },
        schema: rateRow,
      }),
    ]);
    const quota = (rollupRows[0]?.quota ?? 0) + (edgeRows[0]?.quota ?? 0);
    return { quota, rpm: rateRows[0]?.rpm ?? 0, tpm: rateRows[0]?.tpm ?? 0 };
  };
}
