import type { SubscriptionSummary, SubscriptionUsage, UserSubscription, WindowSummary } from '@tollgate/wire';
import type { HoldStore } from '../ports/hot-state/hold-store.js';
import { isRunning } from './pockets.js';
import { windowBounds, windowsAt } from './windows.js';

/** A subscription past its end reads as expired, as new-api's expiry job would have marked it. */
function withStatus(sub: UserSubscription, now: number): UserSubscription {
  return sub.status === 'active' && now >= sub.end_time ? { ...sub, status: 'expired' } : sub;
}

/**
 * The plan's own window in new-api's flat fields: a reset time only where the window resets inside
 * the subscription (new-api's last_reset_time and next_reset_time are 0 otherwise).
 */
function usageOf(sub: UserSubscription, main: WindowSummary | undefined, now: number): SubscriptionUsage {
  const resets = main !== undefined && main.quota_reset_period !== 'never' && isRunning(sub, now);
  const bounds = resets ? windowBounds(main, sub, now) : null;
  return {
    amount_total: main?.total_amount ?? 0,
    amount_used: main?.amount_used ?? 0,
    last_reset_time: bounds && bounds.start > sub.start_time ? bounds.start : 0,
    next_reset_time: bounds && bounds.end < sub.end_time ? bounds.end : 0,
  };
}

/**
 * new-api's subscription summaries, with what each window has left (issue #41): what a window
 * counted is read from the hold store, where admission counts it. A subscription not running has
 * nothing to spend.
 */
export async function summarize(holds: Pick<HoldStore, 'counted'>, subs: UserSubscription[], nowMs: number): Promise<SubscriptionSummary[]> {
  const now = Math.floor(nowMs / 1000);
  return Promise.all(
    subs.map(async (sub) => {
      const running = isRunning(sub, now);
      const limited = running ? windowsAt(sub, nowMs) : [];
      const counted = limited.length ? await holds.counted(sub.user_id, limited) : [];
      const byKey = new Map(limited.map((w, i) => [w.key, counted[i] ?? 0]));
      const windows = sub.windows.map((w, index) => {
        const bounds = running ? windowBounds(w, sub, now) : null;
        const used = bounds ? (byKey.get(`s${sub.id}:w${index}:${bounds.start}`) ?? 0) : 0;
        const left = !running ? 0 : w.total_amount === 0 ? -1 : Math.max(0, w.total_amount - used);
        return { ...w, amount_used: used, amount_left: left, next_reset_time: bounds?.end ?? 0 };
      });
      return { subscription: { ...withStatus(sub, now), ...usageOf(sub, windows[0], now) }, windows };
    }),
  );
}
