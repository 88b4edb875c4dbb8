import type { BalanceStore, EventLog, UserBalance } from '@tollgate/ledger';
import type { AffQuotaMigrated } from '@tollgate/wire';
import type { User, UserStore } from '../ports/documents/user-store.js';

const PAGE = 500;

/** One id per user, forever: a second start, or two gateways starting at once, append a duplicate every ledger store skips. */
export function affMigrationEventId(userId: number): string {
  return `aff-migrated-${userId}`;
}

function migrated(user: User): AffQuotaMigrated {
  return {
    type: 'AffQuotaMigrated',
    data: { userId: user.id, affQuota: user.affQuota, affHistoryQuota: user.affHistoryQuota, affCount: user.affCount },
    // The time is the migration's own: replays carry the event as appended, so it need not be deterministic.
    metadata: { eventId: affMigrationEventId(user.id), occurredAt: Date.now(), version: 1 },
  };
}

/**
 * Every gateway migrates before it serves, so a ledger invite account showing at least the
 * document's history has had the migration applied (or holds later rewards, which come after it).
 */
function ledgerHasHistory(user: User, balance: UserBalance | undefined): boolean {
  return balance !== undefined && balance.affHistoryQuota >= user.affHistoryQuota && balance.affCount >= user.affCount;
}

/**
 * Carries the invite accounts user documents held before the ledger kept them into the ledger,
 * once: a user whose ledger balance already shows that history is skipped, so restarts append
 * nothing. Returns how many users it appended an event for.
 */
export async function migrateInviteQuota(users: UserStore, balances: BalanceStore, eventLog: EventLog): Promise<number> {
  let appended = 0;
  for (let offset = 0; ; offset += PAGE) {
    const { items } = await users.list({ offset, limit: PAGE });
    const holders = items.filter((user) => user.affQuota > 0 || user.affHistoryQuota > 0 || user.affCount > 0);
    const inLedger = new Map((await balances.users(holders.map((user) => user.id))).map((balance) => [balance.userId, balance]));
    const pending = holders.filter((user) => !ledgerHasHistory(user, inLedger.get(user.id)));
    if (pending.length > 0) await eventLog.append(pending.map(migrated));
    appended += pending.length;
    if (items.length < PAGE) return appended;
  }
}
