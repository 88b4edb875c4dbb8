import { LogType } from '@tollgate/ledger';
import { z } from 'zod';
import { logsTable } from '../ingest/log-row.js';
import type { AnalyticsQuerier } from '../ports/analytics-querier.js';
import { buildWhere, logFilterSchema, timeRangeKeys, type LogFilter } from './log-filter.js';

export interface LogStats {
  /** Quota consumed by the matching consume rows within the time range. */
  quota: number;
  /** Consume requests in the last 60 seconds. */
  rpm: number;
  /** Prompt plus completion tokens in the last 60 seconds. */
  tpm: number;
}

const quotaRow = z.object({ quota: z.coerce.number() });
const rateRow = z.object({ rpm: z.coerce.number(), tpm: z.coerce.number() });
const consumeOnly = `type = ${LogType.Consume}`;
const rateWindowSeconds = 60;

/**
 * The log page's badges. Like the wire-compatible gateway, stats count consume rows whatever the
 * type filter says, and RPM/TPM look at the last minute whatever the time range says.
 */
export function logStats(querier: AnalyticsQuerier, now: () => number = Date.now) {
  return async (input: LogFilter): Promise<LogStats> => {
    const filter = logFilterSchema.parse(input);
    const total = buildWhere(filter, [consumeOnly], ['type']);
    const recent = buildWhere(filter, [consumeOnly, 'created_at >= {since:DateTime}'], ['type', ...timeRangeKeys]);
    const since = Math.floor(now() / 1000) - rateWindowSeconds;
    const [quotaRows, rateRows] = await Promise.all([
      querier.query({
        sql: `SELECT sum(quota) AS quota FROM ${logsTable} FINAL ${total.sql}`,
        params: total.params,
        schema: quotaRow,
      }),
      querier.query({
        sql: `SELECT count() AS rpm, sum(prompt_tokens + completion_tokens) AS tpm
              FROM ${logsTable} FINAL ${recent.sql}`,
        params: { ...recent.params, since },
        schema: rateRow,
      }),
    ]);
    return { quota: quotaRows[0]?.quota ?? 0, rpm: rateRows[0]?.rpm ?? 0, tpm: rateRows[0]?.tpm ?? 0 };
  };
}
