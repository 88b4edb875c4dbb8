import { newEventMetadata } from '@tollgate/ledger';
import { LogType } from '@tollgate/wire';
import type { AccountsContext } from '../contexts/accounts.js';
import type { MoneyContext } from '../contexts/money.js';
import { type TopUpOrder, TopUpStatus } from '../ports/documents/top-up-store.js';

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
