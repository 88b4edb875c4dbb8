import { type BillingPreference, billingPreferences, type UserSubscription } from '@tollgate/wire';
import type { Pockets } from '../ports/hot-state/hold-store.js';
import type { User } from '../ports/documents/user-store.js';
import { windowsAt } from './windows.js';

/** The user's billing preference from new-api's user setting JSON; new-api's default when unset or unknown. */
export function preferenceOf(user: Pick<User, 'setting'>): BillingPreference {
  try {
    const saved = (JSON.parse(user.setting || '{}') as { billing_preference?: unknown }).billing_preference;
    return billingPreferences.find((p) => p === saved) ?? 'subscription_first';
  } catch {
    return 'subscription_first';
  }
}

/** A comma list of names (new-api's model_limits); empty: no limit. */
function allows(list: string, name: string): boolean {
  const names = list.split(',').map((n) => n.trim()).filter(Boolean);
  return names.length === 0 || names.includes(name);
}

/** Whether the subscription is running at `nowSeconds`: active, begun and not yet ended. */
export function isRunning(sub: UserSubscription, nowSeconds: number): boolean {
  return sub.status === 'active' && sub.start_time <= nowSeconds && nowSeconds < sub.end_time;
}

/**
 * Who may pay for a call of `model` in `group`: the running subscriptions that cover it, soonest
 * ending first (new-api's order), in the user's order; undefined when the wallet alone pays.
 */
export function pocketsFor(subs: UserSubscription[], preference: BillingPreference, call: { model: string; group: string }, nowMs: number): Pockets | undefined {
  if (preference === 'wallet_only') return undefined;
  const now = Math.floor(nowMs / 1000);
  const covering = subs
    .filter((s) => isRunning(s, now) && allows(s.model_limits, call.model) && allows(s.group_limits, call.group))
    .sort((a, b) => a.end_time - b.end_time || a.id - b.id);
  if (covering.length === 0 && preference !== 'subscription_only') return undefined;
  return { order: preference, subscriptions: covering.map((s) => ({ subscriptionId: s.id, windows: windowsAt(s, nowMs) })) };
}
