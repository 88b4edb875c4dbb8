import type { MinutePoint as PushedMinute, TrafficMinute } from '@tollgate/wire';

/** A minute of the view: from the rollup (no errors) or from the pushed board (with them). */
export type MinutePoint = TrafficMinute & Partial<Pick<PushedMinute, 'errors'>>;

export const HOUR_MINUTES = 60;

export interface TrafficSeries {
  /** Each minute's start, epoch seconds, oldest first. */
  minutes: number[];
  calls: number[];
  tokens: number[];
  quota: number[];
  errors: number[];
}

/** Of a minute the rollup and the live board both know, the fuller count (the board may have started mid-minute); errors only the board knows. */
function fuller(stored: MinutePoint | undefined, live: MinutePoint): MinutePoint {
  if (!stored || live.calls >= stored.calls) return live;
  return { ...stored, errors: live.errors };
}

/**
 * The last hour minute by minute: the rollup's minutes, the live board's where it heard more
 * (it carries errors and the minute in progress), zero where neither has calls.
 */
export function lastHour(history: readonly MinutePoint[], live: readonly MinutePoint[], nowMs: number): TrafficSeries {
  const thisMinute = Math.floor(nowMs / 60_000) * 60;
  const byMinute = new Map<number, MinutePoint>();
  for (const point of history) byMinute.set(point.minute, point);
  for (const point of live) byMinute.set(point.minute, fuller(byMinute.get(point.minute), point));
  const series: TrafficSeries = { minutes: [], calls: [], tokens: [], quota: [], errors: [] };
  for (let i = HOUR_MINUTES - 1; i >= 0; i--) {
    const minute = thisMinute - i * 60;
    const point = byMinute.get(minute);
    series.minutes.push(minute);
    series.calls.push(point?.calls ?? 0);
    series.tokens.push(point?.tokens ?? 0);
    series.quota.push(point?.quota ?? 0);
    series.errors.push(point?.errors ?? 0);
  }
  return series;
}
