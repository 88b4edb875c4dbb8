import { type BalancesChanged, newId, type UserBalance } from '@tollgate/ledger';
import { acquireUserHold } from '../billing/balance-hold.js';
import type { MoneyContext } from '../contexts/money.js';

/**
 * Why holds: the API must answer a transfer at once, but only the ledger worker writes the invite
 * account (in this process when embedded, in another one over Kafka in a cluster), so the balance
 * it reads may not yet show a transfer already accepted. The relay meets the same problem for
 * quota with holds: available = balance - holds, checked and reserved in one atomic step (a map
 * in one process, a Lua script in Redis shared by every gateway), and the ledger's notice that
 * applies the event sets the new balance and drops the hold together. `inviteHolds` is a second
 * hold store over the invite accounts: its "user quota" is the ledger's `affQuota`.
 */

/** The invite accounts as the hold store reads balances: `affQuota` in the place of `quota`. */
function asInviteAccounts(users: UserBalance[]): UserBalance[] {
  return users.map((user) => ({ ...user, quota: user.affQuota }));
}

/** What the ledger applied, as the invite hold store follows it: new invite balances, settled transfer holds. */
export function inviteChanges(changes: BalancesChanged): BalancesChanged {
  return { ...changes, users: asInviteAccounts(changes.users), tokens: [] };
}

/** Reserves `amount` of the user's invite quota; the hold id to put in the transfer event, or null when there is not enough. */
export async function holdInviteQuota(deps: MoneyContext, userId: number, amount: number): Promise<string | null> {
  const { inviteHolds, balances, config } = deps;
  const request = { holdId: `aff-${newId()}`, userId, least: amount, most: amount, ttlMs: config.HOLD_TTL_SECONDS * 1000 };
  // Transfers are limited by the invite account alone.
  const result = await acquireUserHold(inviteHolds, request, async () => asInviteAccounts(await balances.users([userId])));
  return result.ok ? request.holdId : null;
}
