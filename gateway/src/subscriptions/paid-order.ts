import { newEventMetadata } from '@tollgate/ledger';
import type { AccountsContext } from '../contexts/accounts.js';
import type { MoneyContext } from '../contexts/money.js';
import { type TopUpOrder, TopUpStatus } from '../ports/documents/top-up-store.js';
import { startSubscription } from './start-subscription.js';

export type PaidOrderDeps = AccountsContext & MoneyContext;
export type PaidPlanOutcome = 'started' | 'already paid' | 'not pending' | 'no such user' | 'no such plan';

/**
 * Starts the subscription a paid plan order bought (Epay, Stripe or Creem; issue #41), once
 * however many deliveries of the provider's notice race. Every step is keyed by the order, so
 * each delivery may run them all: the subscription is started once per trade number (the store's
 * once-key), the SubscriptionPurchased event has the order's id (the ledger applies it once; it
 * takes nothing from the wallet, the provider was paid) and carries the cause, and the order is
 * marked paid last, so a crash in between leaves it pending and the next delivery finishes it.
 */
export async function startPaidSubscription(deps: PaidOrderDeps, order: TopUpOrder & { planId: number }, provider: string, paid: string): Promise<PaidPlanOutcome> {
  if (order.status === TopUpStatus.Success) return 'already paid';
  if (order.status !== TopUpStatus.Pending) return 'not pending';
  const [user, plan] = await Promise.all([deps.users.byId(order.userId), deps.subscriptions.planById(order.planId)]);
  if (!user) return 'no such user';
  if (!plan) return 'no such plan';
  const subscription = await startSubscription(deps, user.id, plan, 'order', Math.floor(Date.now() / 1000), { once: order.tradeNo });
  const content = `使用 ${provider} 购买订阅套餐 ${plan.title}，支付金额：${paid}，订单号：${order.tradeNo}`;
  const data = { userId: user.id, username: user.username, subscriptionId: subscription.id, planId: plan.id, planTitle: plan.title, price: 0, holdId: `order-${order.tradeNo}`, content };
  await deps.eventLog.append([{ type: 'SubscriptionPurchased', data, metadata: { ...newEventMetadata(), eventId: `subscription-order-${order.tradeNo}` } }]);
  await deps.topUps.complete(order.tradeNo, Math.floor(Date.now() / 1000));
  return 'started';
}
