import { newEventMetadata, newId } from '@tollgate/ledger';
import type { UserSubscription } from '@tollgate/wire';
import { acquireUserHold } from '../billing/balance-hold.js';
import { logQuota } from '../billing/quota-text.js';
import { ApiFailure } from '../http/errors.js';
import type { User } from '../ports/documents/user-store.js';
import { purchasablePlan, type SubscribeDeps, startSubscription } from './start-subscription.js';

/**
 * Buys a plan with the wallet (new-api's /api/subscription/balance/pay). The price is held first
 * on what the user can spend now (balance - holds), so calls in flight keep what they hold and the
 * wallet never goes below zero; the SubscriptionPurchased event debits it and settles the hold in
 * one ledger step. A subscription whose event could not be appended is cancelled, never left unpaid.
 * Purchases at the same time cannot pass the plan's max_purchase_per_user together (createWithin).
 */
export async function buyWithWallet(deps: SubscribeDeps, user: User, planId: number, now: number): Promise<UserSubscription> {
  const plan = await purchasablePlan(deps, user.id, planId);
  const price = Math.round(plan.price_amount * deps.options.number('QuotaPerUnit'));
  const holdId = `subscription-${newId()}`;
  const hold = await acquireUserHold(deps.holds, { holdId, userId: user.id, least: price, most: price, ttlMs: deps.config.HOLD_TTL_SECONDS * 1000 }, () => deps.balances.users([user.id]));
  if (!hold.ok) throw new ApiFailure('余额不足');
  // The plan's max_purchase_per_user is taken in the start's own step: a refused start gives the price back.
  const subscription = await startSubscription(deps, user.id, plan, 'wallet', now, { limited: true }).catch(async (error: unknown) => {
    await deps.holds.release({ holdId, userId: user.id });
    throw error;
  });
  const content = `使用余额购买订阅套餐 ${plan.title}，花费 ${logQuota(deps.options, price)}`;
  const data = { userId: user.id, username: user.username, subscriptionId: subscription.id, planId: plan.id, planTitle: plan.title, price, holdId, content };
  try {
    await deps.eventLog.append([{ type: 'SubscriptionPurchased', data, metadata: newEventMetadata() }]);
  } catch (error) {
    // The hold is left to expire: an append that did reach the log must not find its part spent meanwhile.
    await deps.subscriptions.end(subscription.id, 'cancelled', now);
    deps.notices.publish('subscriptions', user.id);
    throw error;
  }
  return subscription;
}
