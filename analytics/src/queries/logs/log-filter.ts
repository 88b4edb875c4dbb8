import { z } from 'zod';
import type { QueryParams } from '../../ports/analytics-querier.js';
import { epochSecond } from '../epoch-second.js';

/**
 * The log page's filters. An absent, empty or zero value means "no filter", as the log page
 * sends them (type 0 = all types, channel 0 = all channels).
 */
export const logFilterSchema = z.object({
  /** Set for `/api/log/self`: only this user's rows. */
  userId: z.number().int().nonnegative().optional(),
  /** Log type: 1 top-up, 2 consume, 3 admin, 4 system; 0 = all; any other number matches no row. */
  type: z.number().int().optional(),
  username: z.string().optional(),
  tokenName: z.string().optional(),
  /** A LIKE pattern, as new-api's filter is: `%` any run, `_` one character, `\\` escapes; case aside. */
  modelName: z.string().transform(mysqlLikePattern).optional(),
  /** The key's id: `/api/log/token` answers one key's rows. */
  tokenId: z.number().int().nonnegative().optional(),
  /** Channel id; one that no channel has matches no row. */
  channel: z.number().int().optional(),
  /** Seconds since the epoch, inclusive, within what a DateTime holds (the gateway maps other bounds). */
  startTimestamp: epochSecond.optional(),
  /** Seconds since the epoch, inclusive, within what a DateTime holds. */
  endTimestamp: epochSecond.optional(),
});
export type LogFilter = z.infer<typeof logFilterSchema>;
export type LogFilterKey = keyof LogFilter;

/** One SQL condition per filter, each reading only its own `{key:Type}` parameter. */
const conditions: Record<LogFilterKey, string> = {
  userId: 'user_id = {userId:UInt64}',
  // Int64, not the column's UInt8: a type or channel out of the column's range matches nothing rather than failing to parse.
  type: 'type = {type:Int64}',
  username: 'username = {username:String}',
  tokenName: 'token_name = {tokenName:String}',
  // ILIKE: new-api's default SQLite and its MySQL compare ASCII letters without case.
  modelName: 'model_name ILIKE {modelName:String}',
  tokenId: 'token_id = {tokenId:UInt64}',
  channel: 'channel_id = {channel:Int64}',
  startTimestamp: 'created_at >= toDateTime({startTimestamp:UInt32})',
  endTimestamp: 'created_at <= toDateTime({endTimestamp:UInt32})',
};

/**
 * The pattern as MySQL reads it, written for ClickHouse: MySQL lets a backslash escape any
 * character and keeps a trailing one as itself, where ClickHouse refuses both (a 500 on a user's
 * filter). So a backslash before anything but `%`, `_` or `\\` becomes that character, and a lone
 * trailing one a literal backslash.
 */
export function mysqlLikePattern(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? '';
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = pattern[i + 1];
    if (next === undefined) out += '\\\\';
    else out += '%_\\'.includes(next) ? `\\${next}` : next;
    i++;
  }
  return out;
}

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
