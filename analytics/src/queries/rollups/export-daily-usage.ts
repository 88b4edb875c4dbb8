import { z } from 'zod';
import type { AnalyticsQuerier } from '../../ports/analytics-querier.js';
import { exportRangeSchema, type ExportRange } from '../logs/export-logs.js';
import { type UsageSource, usageInRange } from './usage-in-range.js';
import { subscriptionUsePerMinuteTable } from './usage-per-minute.js';

/** One user's use of one model on one UTC day. */
export const dailyUsageSchema = z.object({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  user_id: z.coerce.number(),
  /** The name the user had last that day. */
  username: z.string(),
  model_name: z.string(),
  requests: z.coerce.number(),
  prompt_tokens: z.coerce.number(),
  completion_tokens: z.coerce.number(),
  quota: z.coerce.number(),
});
export type DailyUsage = z.infer<typeof dailyUsageSchema>;

/** A range of the per-day export; `userId` keeps it to one user (a statement). */
export type DailyUsageRange = ExportRange & { userId?: number };
const userIdSchema = z.number().int().positive().optional();

interface DailyCursor {
  userId: number;
  day: string;
  modelName: string;
}

const afterCursor = `(user_id, day, model_name) > ({afterUser:UInt64}, {afterDay:String}, {afterModel:String})`;

/** Rows with `minute`, `user_id`, `username`, `model_name`, `requests`, `quota` and the token counts, in [start, end] and under `conditions`. */
type DailySource = (start: number, end: number, conditions: readonly string[]) => UsageSource;

/**
 * Per-user, per-model, per-day totals of a time range from `source`, one page per query. Keyset
 * pages in user order, as in exportLogs; the `user_id >=` bound lets each page skip the users
 * already sent by the primary key instead of summing them again.
 */
function dailyPages(querier: AnalyticsQuerier, source: DailySource) {
  return async function* (input: DailyUsageRange): AsyncGenerator<DailyUsage[]> {
    const { startTimestamp, endTimestamp, pageSize } = exportRangeSchema.parse(input);
    const userId = userIdSchema.parse(input.userId);
    const oneUser = userId === undefined ? [] : ['user_id = {userId:UInt64}'];
    let cursor: DailyCursor | null = null;
    for (;;) {
      // The user bounds sit inside each source's read, where the primary key can use them.
      const usage = source(startTimestamp, endTimestamp, [...oneUser, ...(cursor ? ['user_id >= {afterUser:UInt64}'] : [])]);
      const page: DailyUsage[] = await querier.query({
        sql: `SELECT toString(toDate(minute)) AS day, user_id, argMax(username, minute) AS username, model_name,
                     sum(requests) AS requests, sum(prompt_tokens) AS prompt_tokens,
                     sum(completion_tokens) AS completion_tokens, sum(quota) AS quota
              FROM (${usage.sql})
              GROUP BY user_id, day, model_name
              ${cursor ? `HAVING ${afterCursor}` : ''}
              ORDER BY user_id, day, model_name LIMIT {limit:UInt32}`,
        params: {
          ...usage.params,
          ...(userId === undefined ? {} : { userId }),
          limit: pageSize,
          ...(cursor ? { afterUser: cursor.userId, afterDay: cursor.day, afterModel: cursor.modelName } : {}),
        },
        schema: dailyUsageSchema,
      });
      if (page.length > 0) {
        yield page;
      }
      const last = page.at(-1);
      if (!last || page.length < pageSize) {
        return;
      }
      cursor = { userId: last.user_id, day: last.day, modelName: last.model_name };
    }
  };
}

/** Per-user, per-model, per-day totals of a time range from the rollups (usageInRange). */
export function exportDailyUsage(querier: AnalyticsQuerier) {
  return dailyPages(querier, usageInRange);
}

/**
 * The calls subscriptions paid (issue #41; their consume rows say `billing_source` subscription), per
 * user, model and day, from their own rollup, whose minutes are compared as usageInRange compares the
 * usage rollups' (both ends inclusive), so each row pairs with the consumption that includes it. Read
 * from the rollup, not the log rows: a statement still takes them out of the wallet's consumption
 * after the rows were deleted.
 */
export function exportDailySubscriptionUse(querier: AnalyticsQuerier) {
  return dailyPages(querier, (start, end, conditions) => ({
    sql: `SELECT minute, user_id, username, model_name, requests, quota, prompt_tokens, completion_tokens
          FROM ${subscriptionUsePerMinuteTable}
          WHERE ${['minute >= toDateTime({start:UInt32})', 'minute <= toDateTime({end:UInt32})', ...conditions].join(' AND ')}`,
    params: { start, end },
  }));
}
