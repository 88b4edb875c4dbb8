import type { QueryParams } from '../../ports/analytics-querier.js';
import { usagePerHourTable, usagePerMinuteTable } from './usage-per-minute.js';
import { wholeHours } from './whole-hours.js';

export interface UsageSource {
  /** SELECTs joined by UNION ALL, to read as `FROM (…)`; its time column is `minute`. */
  sql: string;
  /** The range's bounds it names (`start`, `end`, and the whole hours when there are some). */
  params: QueryParams;
}

const columns = 'user_id, username, model_name, token_name, requests, quota, prompt_tokens, completion_tokens';

/**
 * The rollup rows of the minutes in [start, end] (each minute compared inclusively at both ends),
 * filtered by `conditions`: whole hours from the hourly rollup, the minutes at the edges from the
 * minute rollup. Every reader's buckets (hour, day, week) are whole hours, so they sum both alike.
 */
export function usageInRange(start: number, end: number, conditions: readonly string[]): UsageSource {
  const inRange = 'minute >= toDateTime({start:UInt32}) AND minute <= toDateTime({end:UInt32})';
  const where = (range: string) => [range, ...conditions].join(' AND ');
  const hours = wholeHours(start, end);
  if (!hours) {
    return { sql: `SELECT ${columns}, minute FROM ${usagePerMinuteTable} WHERE ${where(inRange)}`, params: { start, end } };
  }
  const hourRows = `SELECT ${columns}, hour AS minute FROM ${usagePerHourTable} WHERE ${where('hour >= toDateTime({firstHour:UInt32}) AND hour <= toDateTime({lastHour:UInt32})')}`;
  const edgeMinutes = `${inRange} AND (minute < toDateTime({firstHour:UInt32}) OR minute > toDateTime({lastHour:UInt32}) + 3540)`;
  const minuteRows = `SELECT ${columns}, minute FROM ${usagePerMinuteTable} WHERE ${where(edgeMinutes)}`;
  return { sql: `${hourRows} UNION ALL ${minuteRows}`, params: { start, end, ...hours } };
}
