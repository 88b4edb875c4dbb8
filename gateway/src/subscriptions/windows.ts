import type { PlanWindow, SubscriptionPlan, UserSubscription } from '@tollgate/wire';
import type { SubscriptionWindow } from '../ports/hot-state/hold-store.js';

const HOUR = 3600;
const DAY = 24 * HOUR;
const FIXED_PERIOD = new Map<string, number>([
  ['daily', DAY],
  ['weekly', 7 * DAY],
]);

/** `seconds` moved by `months` calendar months in UTC (Go's AddDate, which new-api uses: Jan 31 + 1 month is Mar 3). */
function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

/** When a plan bought at `start` ends, as new-api's calcPlanEndTime counts it; null for a duration that is none. */
export function planEndTime(plan: Pick<SubscriptionPlan, 'duration_unit' | 'duration_value' | 'custom_seconds'>, start: number): number | null {
  const value = plan.duration_value;
  switch (plan.duration_unit) {
    case 'year':
      return value > 0 ? addMonths(start, 12 * value) : null;
    case 'month':
      return value > 0 ? addMonths(start, value) : null;
    case 'day':
      return value > 0 ? start + value * DAY : null;
    case 'hour':
      return value > 0 ? start + value * HOUR : null;
    case 'custom':
      return plan.custom_seconds > 0 ? start + plan.custom_seconds : null;
  }
}

/** The plan's windows: new-api's one (total_amount per quota_reset_period) and the extra ones. */
export function planWindows(plan: Pick<SubscriptionPlan, 'total_amount' | 'quota_reset_period' | 'quota_reset_custom_seconds' | 'extra_windows'>): PlanWindow[] {
  const main = { total_amount: plan.total_amount, quota_reset_period: plan.quota_reset_period, quota_reset_custom_seconds: plan.quota_reset_custom_seconds };
  return [main, ...plan.extra_windows];
}

/**
 * The bounds (seconds) of the window of `w` that holds `now`, counted from the subscription's
 * start: a daily window resets each 24 hours after the start, a monthly one on the start's day of
 * each month, 'never' spans the whole subscription. Null when `now` is outside the subscription.
 */
export function windowBounds(w: PlanWindow, sub: Pick<UserSubscription, 'start_time' | 'end_time'>, now: number): { start: number; end: number } | null {
  if (now < sub.start_time || now >= sub.end_time) return null;
  const period = w.quota_reset_period === 'custom' ? w.quota_reset_custom_seconds : FIXED_PERIOD.get(w.quota_reset_period);
  if (w.quota_reset_period === 'never' || (w.quota_reset_period === 'custom' && !period)) return { start: sub.start_time, end: sub.end_time };
  if (period) {
    const start = sub.start_time + Math.floor((now - sub.start_time) / period) * period;
    return { start, end: Math.min(start + period, sub.end_time) };
  }
  let months = 0;
  while (addMonths(sub.start_time, months + 1) <= now) months += 1;
  return { start: addMonths(sub.start_time, months), end: Math.min(addMonths(sub.start_time, months + 1), sub.end_time) };
}

/**
 * The windows a call at `nowMs` counts against, keyed by subscription, window and start, so every
 * gateway names the same window alike and the next window starts from nothing. A window of 0 limits nothing.
 */
export function windowsAt(sub: Pick<UserSubscription, 'id' | 'start_time' | 'end_time' | 'windows'>, nowMs: number): SubscriptionWindow[] {
  const now = Math.floor(nowMs / 1000);
  const windows: SubscriptionWindow[] = [];
  sub.windows.forEach((w, index) => {
    const bounds = windowBounds(w, sub, now);
    if (bounds === null || w.total_amount === 0) return;
    windows.push({ key: `s${sub.id}:w${index}:${bounds.start}`, limit: w.total_amount, endsAt: bounds.end * 1000 });
  });
  return windows;
}
