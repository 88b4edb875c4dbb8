import { type UsageShare, usageShareSchema } from '@tollgate/wire';
import { z } from 'zod';
import { clickhouseRow } from '../clickhouse-row.js';
import { epochSecond } from '../epoch-second.js';
import type { AnalyticsQuerier } from '../../ports/analytics-querier.js';
import { usageInRange } from './usage-in-range.js';

export const selfUsageInputSchema = z
  .object({
    userId: z.number().int().positive(),
    /** Seconds since the epoch: the start of the user's day, of their month, and of the burn-rate window. */
    todayStart: epochSecond,
    monthStart: epochSecond,
    burnStart: epochSecond,
    now: epochSecond,
  })
  .refine((input) => Math.max(input.todayStart, input.monthStart, input.burnStart) <= input.now, { message: 'a start after now' });
export type SelfUsageInput = z.input<typeof selfUsageInputSchema>;

const totalsSchema = z.object({
  today_quota: z.coerce.number(),
  today_requests: z.coerce.number(),
  month_quota: z.coerce.number(),
  month_requests: z.coerce.number(),
  burn_quota: z.coerce.number(),
});

/** One token's or one model's use this month (wire's UsageShare), read from ClickHouse. */
const usageShareRow = clickhouseRow(usageShareSchema);

/** What the rollups tell of a user's spend; the gateway adds the balance and the run-out date. */
export type SelfUsageTotals = z.infer<typeof totalsSchema> & { by_token: UsageShare[]; by_model: UsageShare[] };

/**
 * A user's own spend from the rollups (never raw rows): today, this month, the burn-rate window,
 * and this month per token and per model. One scan of the range the widest start opens.
 */
export function selfUsage(querier: AnalyticsQuerier) {
  return async (input: SelfUsageInput): Promise<SelfUsageTotals> => {
    const { userId, todayStart, monthStart, burnStart, now } = selfUsageInputSchema.parse(input);
    const usage = usageInRange(Math.min(todayStart, monthStart, burnStart), now, ['user_id = {userId:UInt64}']);
    const params = { ...usage.params, userId, todayStart, monthStart, burnStart };
    const since = (name: string) => `minute >= toDateTime({${name}:UInt32})`;
    const [totals] = await querier.query({
      sql: `SELECT sumIf(quota, ${since('todayStart')}) AS today_quota, sumIf(requests, ${since('todayStart')}) AS today_requests,
                   sumIf(quota, ${since('monthStart')}) AS month_quota, sumIf(requests, ${since('monthStart')}) AS month_requests,
                   sumIf(quota, ${since('burnStart')}) AS burn_quota
            FROM (${usage.sql})`,
      params,
      schema: totalsSchema,
    });
    const shares = (column: string) =>
      querier.query({
        sql: `SELECT ${column} AS name, sum(quota) AS quota, sum(requests) AS requests, sum(prompt_tokens + completion_tokens) AS tokens
              FROM (${usage.sql}) WHERE ${since('monthStart')}
              GROUP BY name ORDER BY quota DESC, name`,
        params,
        schema: usageShareRow,
      });
    const [byToken, byModel] = await Promise.all([shares('token_name'), shares('model_name')]);
    return { ...(totals ?? { today_quota: 0, today_requests: 0, month_quota: 0, month_requests: 0, burn_quota: 0 }), by_token: byToken, by_model: byModel };
  };
}
