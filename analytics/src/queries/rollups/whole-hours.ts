const HOUR = 3_600;
/** The start of an hour's last minute, from the hour's start. */
const LAST_MINUTE = HOUR - 60;

/** The whole hours of a dashboard range, inclusive, or null when it holds none. */
export interface HourSpan {
  firstHour: number;
  lastHour: number;
}

/**
 * The hours all of whose minutes fall in [start, end], the range the dashboard compares each
 * stored minute with (inclusive at both ends); the minutes outside them come from the minute
 * rollup.
 */
export function wholeHours(start: number, end: number): HourSpan | null {
  const firstHour = Math.ceil(start / HOUR) * HOUR;
  const lastHour = Math.floor((end - LAST_MINUTE) / HOUR) * HOUR;
  return firstHour <= lastHour ? { firstHour, lastHour } : null;
}
