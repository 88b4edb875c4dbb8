import type { QueryParams } from '../../ports/analytics-querier.js';

const MINUTE = 60;

export interface MinuteSplit {
  /** Conditions on the rollup's `minute` that keep the minutes wholly inside the range. */
  rollup: string[];
  /** One condition on the raw `created_at` for the seconds outside those minutes ('false': none). */
  raw: string;
  /** The bounds both name. */
  params: QueryParams;
}

/**
 * Splits an inclusive range of seconds (either end open) into the whole minutes the per-minute
 * rollup answers and the seconds at its edges that only raw rows can. A range inside one minute
 * has no whole minute: all of it is read raw.
 */
export function wholeMinutes(start: number | undefined, end: number | undefined): MinuteSplit {
  // The first whole minute's start, and the exclusive end of the last whole minute.
  const first = start === undefined ? undefined : Math.ceil(start / MINUTE) * MINUTE;
  const after = end === undefined ? undefined : Math.floor((end + 1) / MINUTE) * MINUTE;
  if (start !== undefined && end !== undefined && (first ?? 0) >= (after ?? 0)) {
    return { rollup: ['false'], raw: 'created_at >= toDateTime({start:UInt32}) AND created_at <= toDateTime({end:UInt32})', params: { start, end } };
  }
  const rollup: string[] = [];
  const raw: string[] = [];
  const params: QueryParams = {};
  if (start !== undefined && first !== undefined) {
    rollup.push('minute >= toDateTime({first:UInt32})');
    if (first > start) raw.push('(created_at >= toDateTime({start:UInt32}) AND created_at < toDateTime({first:UInt32}))');
    Object.assign(params, { start, first });
  }
  if (end !== undefined && after !== undefined) {
    rollup.push('minute < toDateTime({after:UInt32})');
    if (end >= after) raw.push('(created_at >= toDateTime({after:UInt32}) AND created_at <= toDateTime({end:UInt32}))');
    Object.assign(params, { end, after });
  }
  return { rollup, raw: raw.length > 0 ? `(${raw.join(' OR ')})` : 'false', params };
}
