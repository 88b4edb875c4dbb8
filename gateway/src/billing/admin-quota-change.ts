import { newEventMetadata, newId } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';
import { acquireUserHold } from './balance-hold.js';
import type { MoneyContext } from '../contexts/money.js';
import { ApiFailure } from '../http/errors.js';
import type { User } from '../ports/documents/user-store.js';
import { logQuota } from './quota-text.js';

/**
 * Why admin decreases hold first (issue #23): calls in flight hold part of the balance and are
 * charged when they end, so a decrease read from the balance alone could take what they hold and
 * leave the balance below zero once they settle. A decrease reserves what it takes from what the
 * user can spend now (balance - holds) in the relay's hold store, and its event carries the hold,
 * which the ledger settles with the debit in one step. Should publishing fail, the hold is left to
 * expire (HOLD_TTL_SECONDS): a debit that did reach the log must not find its part spent meanwhile.
 */

/** A change an administrator makes to a user's quota; a decrease names the hold that reserved it. */
export interface QuotaChange {
  delta: number;
  holdId?: string;
}

type DebitDeps = MoneyContext;

/** Reserves between `least` and `most` of what the user can spend now; null when even `least` is not there. */
async function holdDebit(deps: DebitDeps, userId: number, least: number, most: number): Promise<{ holdId: string; taken: number } | null> {
  const request = { holdId: `admin-${newId()}`, userId, least, most, ttlMs: deps.config.HOLD_TTL_SECONDS * 1000 };
  const result = await acquireUserHold(deps.holds, request, () => deps.balances.users([userId]));
  return result.ok ? { holdId: request.holdId, taken: result.granted } : null;
}

/** Subtracting takes what the user can spend, up to `value` (as new-api takes what there is); null when that is nothing. */
export async function subtraction(deps: DebitDeps, userId: number, value: number): Promise<QuotaChange | null> {
  const debit = await holdDebit(deps, userId, 0, value);
  if (debit === null) return null;
  if (debit.taken === 0) {
    await deps.holds.release({ holdId: debit.holdId, userId });
    return null;
  }
  return { delta: -debit.taken, holdId: debit.holdId };
}

/**
 * Setting the quota from `current` to `target`. A lowering is all or nothing: it is refused, naming
 * the part calls in flight hold, when it would take more than the user can spend now, since taking
 * less would leave a quota other than the one asked for.
 */
export async function changeTo(deps: DebitDeps, userId: number, current: number, target: number): Promise<QuotaChange | null> {
  if (target === current) return null;
  if (target > current) return { delta: target - current };
  const decrease = current - target;
  const debit = await holdDebit(deps, userId, decrease, decrease);
  if (debit === null) throw new ApiFailure(await heldByCallsMessage(deps, userId, current));
  return { delta: -decrease, holdId: debit.holdId };
}

async function heldByCallsMessage(deps: DebitDeps, userId: number, current: number): Promise<string> {
  const held = current - ((await deps.holds.available(userId)) ?? current);
  const text = logQuota(deps.options, held);
  return `用户有 ${text}正被进行中的请求占用，暂时不能将额度改到 ${text}以下`;
}

/** What a subtraction that could not take all it was asked answers, so the administrator sees what it took. */
export function shortSubtractionMessage(deps: DebitDeps, taken: number): string {
  return `用户可用额度（余额减去进行中的请求占用的部分）不足，实际减少 ${logQuota(deps.options, taken)}`;
}

/** The admin adjustment event (log type 3) of `change`; the ledger settles its hold with it. */
export function adjustmentEvent(admin: User, target: User, change: QuotaChange, content: string): LedgerEvent {
  const held = change.holdId === undefined ? {} : { holdId: change.holdId };
  return { type: 'QuotaAdjusted', data: { userId: target.id, username: target.username, adminId: admin.id, delta: change.delta, content, ...held }, metadata: newEventMetadata() };
}
