import { type QuotaDataRow, quotaDataRowSchema } from '@tollgate/wire';
import { z } from 'zod';
import { clickhouseRow } from '../clickhouse-row.js';
import { epochSecond } from '../epoch-second.js';
import type { AnalyticsQuerier, QueryParams } from '../../ports/analytics-querier.js';
import { bucketStart, granularities } from './usage-per-minute.js';
import { usageInRange } from './usage-in-range.js';

export const quotaDataInputSchema = z
  .object({
    /** Seconds since the epoch, inclusive; compared with each stored minute. */
    startTimestamp: epochSecond,
    /** Seconds since the epoch, inclusive. */
    endTimestamp: epochSecond,
    granularity: z.enum(granularities).default('hour'),
    /** `/api/data/self`: one user's rows. */
    userId: z.number().int().positive().optional(),
    /** `/api/data/?username=`: an administrator looking at one user. */
    username: z.string().min(1).optional(),
  })
  .refine((input) => input.startTimestamp <= input.endTimestamp, { message: 'start after end' });
export type QuotaDataInput = z.input<typeof quotaDataInputSchema>;

/** One bar of the dashboard (wire's QuotaDataRow), read from ClickHouse. */
const quotaDataRow = clickhouseRow(quotaDataRowSchema);

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
    const params: QueryParams = {};
    if (userId !== undefined) {
      conditions.push('user_id = {userId:UInt64}');
      params.userId = userId;
    }
    if (username !== undefined) {
      conditions.push('username = {username:String}');
      params.username = username;
    }
    const usage = usageInRange(startTimestamp, endTimestamp, conditions);
    const scoped = userId !== undefined || username !== undefined;
    const who = scoped ? 'user_id, username' : "toUInt64(0) AS user_id, '' AS username";
    const groupBy = scoped ? 'user_id, username, model_name, created_at' : 'model_name, created_at';
    return querier.query({
      sql: `SELECT ${who}, model_name, ${bucketStart[granularity]} AS created_at,
                   sum(prompt_tokens + completion_tokens) AS token_used, sum(requests) AS count, sum(quota) AS quota
            FROM (${usage.sql})
            GROUP BY ${groupBy}
            ORDER BY created_at, model_name, user_id`,
      params: { ...params, ...usage.params },
      schema: quotaDataRow,
    });
  };
}
