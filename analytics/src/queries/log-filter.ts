import { z } from 'zod';
import type { QueryParams } from '../ports/analytics-querier.js';

/**
 * The log page's filters. An absent, empty or zero value means "no filter", as the log page
 * sends them (type 0 = all types, channel 0 = all channels).
 */
export const logFilterSchema = z.object({
  /** Set for `/api/log/self`: only this user's rows. */
  userId: z.number().int().nonnegative().optional(),
  /** Log type: 1 top-up, 2 consume, 3 admin, 4 system; 0 = all. */
  type: z.number().int().min(0).max(255).optional(),
  username: z.string().optional(),
  tokenName: z.string().optional(),
  modelName: z.string().optional(),
  /** Channel id. */
  channel: z.number().int().nonnegative().optional(),
  /** Seconds since the epoch, inclusive. */
  startTimestamp: z.number().int().nonnegative().optional(),
  /** Seconds since the epoch, inclusive. */
  endTimestamp: z.number().int().nonnegative().optional(),
});
export type LogFilter = z.infer<typeof logFilterSchema>;
export type LogFilterKey = keyof LogFilter;

/** One SQL condition per filter, each reading only its own `{key:Type}` parameter. */
const conditions: Record<LogFilterKey, string> = {
  userId: 'user_id = {userId:UInt64}',
  type: 'type = {type:UInt8}',
  username: 'username = {username:String}',
  tokenName: 'token_name = {tokenName:String}',
  modelName: 'model_name = {modelName:String}',
  channel: 'channel_id = {channel:UInt64}',
  startTimestamp: 'created_at >= {startTimestamp:DateTime}',
  endTimestamp: 'created_at <= {endTimestamp:DateTime}',
};

export const timeRangeKeys: readonly LogFilterKey[] = ['startTimestamp', 'endTimestamp'];

export interface WhereClause {
  /** `WHERE …`, or '' when nothing filters. */
  sql: string;
  params: QueryParams;
}

/**
 * Builds the WHERE clause for the filters that are set, plus `extra` conditions (whose params the
 * caller adds). `ignore` drops filters a query does not apply, such as the time range for RPM.
 */
export function buildWhere(filter: LogFilter, extra: string[] = [], ignore: readonly LogFilterKey[] = []): WhereClause {
  const parts = [...extra];
  const params: QueryParams = {};
  for (const key of Object.keys(conditions) as LogFilterKey[]) {
    const value = filter[key];
    if (value === undefined || value === '' || value === 0 || ignore.includes(key)) {
      continue;
    }
    parts.push(conditions[key]);
    params[key] = value;
  }
  return { sql: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params };
}
