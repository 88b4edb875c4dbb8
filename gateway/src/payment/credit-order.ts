import { newEventMetadata } from '@tollgate/ledger';
import { LogType } from '@tollgate/wire';
import type { AccountsContext } from '../contexts/accounts.js';
import type { MoneyContext } from '../contexts/money.js';
import { type TopUpOrder, TopUpStatus } from '../ports/documents/top-up-store.js';
import { startPaidSubscription } from '../subscriptions/paid-order.js';

export type CreditOrderDeps = AccountsContext & MoneyContext;

/** The quota a paid order credits: the one fixed when it was placed, else (Epay's) amount × QuotaPerUnit. */
export function orderQuota(order: TopUpOrder, quotaPerUnit: number): number {
  return order.quota ?? Math.round(order.amount * quotaPerUnit);
}

/** The ledger event's id for an order: one order, one id, so however often it is appended the ledger applies it once. */
export const orderEventId = (order: TopUpOrder) => `top-up-${order.tradeNo}`;

/**
 * Credits a paid order once, however many deliveries of its notice arrive and however they race.
 * An order already paid is not credited again. Otherwise the credit is a QuotaGranted event (log
 * type 1, source `payment`, `content` the cause) whose id is derived from the order: concurrent
 * deliveries append the same id and the ledger applies it once. The order is marked paid only
 * after the event is durable, so a crash in between leaves the order pending and the next
 * delivery appends the same id again, which changes nothing.
 */
export async function creditPaidOrder(deps: CreditOrderDeps, order: TopUpOrder, content: string): Promise<'credited' | 'already paid' | 'not pending' | 'no such user'> {
  if (order.status === TopUpStatus.Success) return 'already paid';
  // An expired order is never credited: it could never be marked paid, so each late copy of the event would credit again.
  if (order.status !== TopUpStatus.Pending) return 'not pending';
  const user = await deps.users.byId(order.userId);
  if (!user) return 'no such user';
  const amount = orderQuota(order, deps.options.number('QuotaPerUnit'));
  await deps.eventLog.append([{
    type: 'QuotaGranted',
    data: { userId: user.id, username: user.username, amount, logType: LogType.TopUp, content, source: 'payment' },
    metadata: { ...newEventMetadata(), eventId: orderEventId(order) },
  }]);
  await deps.topUps.complete(order.tradeNo, Math.floor(Date.now() / 1000));
  return 'credited';
}

/** How a provider's notice describes the payment: who, how much was paid, and the top-up's log text. */
export interface PaidNotice {
  provider: string;
  paid: string;
  topUpContent: string;
}

export type PaidOrderOutcome = Awaited<ReturnType<typeof creditPaidOrder>> | Awaited<ReturnType<typeof startPaidSubscription>>;

/** A paid order's effect, once: a plan's order starts its subscription, any other credits its quota. */
export function settlePaidOrder(deps: CreditOrderDeps, order: TopUpOrder, notice: PaidNotice): Promise<PaidOrderOutcome> {
  const { planId } = order;
  if (planId !== undefined) return startPaidSubscription(deps, { ...order, planId }, notice.provider, notice.paid);
  return creditPaidOrder(deps, order, notice.topUpContent);
}

/** Why a settled order's notice is refused (logged and answered as a failure), or null when it did its work or had done it. */
export function refusal(outcome: PaidOrderOutcome, order: TopUpOrder): string | null {
  if (outcome === 'no such user') return 'the order\'s user is gone';
  if (outcome === 'no such plan') return 'the order\'s plan is gone';
  if (outcome === 'not pending') return `the order is ${order.status}`;
  return null;
}
