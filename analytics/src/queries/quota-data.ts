import { z } from 'zod';
import type { AnalyticsQuerier, QueryParams } from '../ports/analytics-querier.js';
import { bucketStart, granularities, usagePerHourTable, usagePerMinuteTable } from './usage-per-minute.js';
import { wholeHours } from './whole-hours.js';

export const quotaDataInputSchema = z
  .object({
    /** Seconds since the epoch, inclusive; compared with each stored minute. */
    startTimestamp: z.number().int().nonnegative(),
    /** Seconds since the epoch, inclusive. */
    endTimestamp: z.number().int().nonnegative(),
    granularity: z.enum(granularities).default('hour'),
    /** `/api/data/self`: one user's rows. */
    userId: z.number().int().positive().optional(),
    /** `/api/data/?username=`: an administrator looking at one user. */
    username: z.string().min(1).optional(),
  })
  .refine((input) => input.startTimestamp <= input.endTimestamp, { message: 'start after end' });
export type QuotaDataInput = z.input<typeof quotaDataInputSchema>;

/** One bar of the dashboard: new-api's QuotaData (user_id 0 and username '' when summed over users). */
export const quotaDataRowSchema = z.object({
  user_id: z.coerce.number(),
  username: z.string(),
  model_name: z.string(),
  /** Start of the bucket, seconds since the epoch. */
  created_at: z.coerce.number(),
  token_used: z.coerce.number(),
  count: z.coerce.number(),
  quota: z.coerce.number(),
});
export type QuotaDataRow = z.infer<typeof quotaDataRowSchema>;

/** The filter of the time range on each rollup: whole hours from the hourly one, the rest by minute. */
function rangeSources(start: number, end: number): Array<{ table: string; at: string; range: string }> {
  const minutes = { table: usagePerMinuteTable, at: 'minute' };
  const inRange = 'minute >= {start:DateTime} AND minute <= {end:DateTime}';
  const hours = wholeHours(start, end);
  if (!hours) return [{ ...minutes, range: inRange }];
  return [
    { table: usagePerHourTable, at: 'hour', range: 'hour >= {firstHour:DateTime} AND hour <= {lastHour:DateTime}' },
    { ...minutes, range: `${inRange} AND (minute < {firstHour:DateTime} OR minute > {lastHour:DateTime} + 3540)` },
  ];
}

/**
 * Quota, tokens and requests by model per time bucket, from the rollups (never raw rows): every
 * bucket is whole hours, so the hourly rollup answers all of the range but the minutes at its
 * edges, which the minute rollup adds. Scoped to one user, rows carry that user, as new-api's
 * per-user rows do.
 */
export function quotaData(querier: AnalyticsQuerier) {
  return async (input: QuotaDataInput): Promise<QuotaDataRow[]> => {
    const { startTimestamp, endTimestamp, granularity, userId, username } = quotaDataInputSchema.parse(input);
    const conditions: string[] = [];
    const params: QueryParams = { start: startTimestamp, end: endTimestamp, ...wholeHours(startTimestamp, endTimestamp) };
    if (userId !== undefined) {
      conditions.push('user_id = {userId:UInt64}');
      params.userId = userId;
    }
    if (username !== undefined) {
      conditions.push('username = {username:String}');
      params.username = username;
    }
    // Each source names its time column `minute`, so the bucket expressions read both alike.
    const sources = rangeSources(startTimestamp, endTimestamp).map(
      ({ table, at, range }) => `SELECT user_id, username, model_name, ${at} AS minute, prompt_tokens + completion_tokens AS tokens, requests, quota
        FROM ${table} WHERE ${[range, ...conditions].join(' AND ')}`,
    );
    const scoped = userId !== undefined || username !== undefined;
    const who = scoped ? 'user_id, username' : "toUInt64(0) AS user_id, '' AS username";
    const groupBy = scoped ? 'user_id, username, model_name, created_at' : 'model_name, created_at';
    return querier.query({
      sql: `SELECT ${who}, model_name, ${bucketStart[granularity]} AS created_at,
                   sum(tokens) AS token_used, sum(requests) AS count, sum(quota) AS quota
            FROM (${sources.join(' UNION ALL ')})
            GROUP BY ${groupBy}
            ORDER BY created_at, model_name, user_id`,
      params,
      schema: quotaDataRowSchema,
    });
  };
}
