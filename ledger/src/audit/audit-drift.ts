import type { BalanceInventory, BalanceStore } from '../ports/balance-store.js';
import type { StoredEvent } from '../ports/event-log.js';
import { BalanceFold, type BalanceSnapshot } from './balance-fold.js';
import { type BalanceDrift, compareBalances } from './compare-balances.js';

export interface DriftReport {
  /** Events at or below the store's checkpoints, folded into the expected balances. */
  eventsFolded: number;
  /** Empty is the only right answer. */
  drifts: BalanceDrift[];
}

/** Stored balances for every account the fold or the store knows of. */
async function storedBalances(
  balances: BalanceStore & BalanceInventory,
  expected: BalanceSnapshot,
): Promise<BalanceSnapshot> {
  const stored = await balances.accountIds();
  const union = (a: number[], b: number[]) => [...new Set([...a, ...b])];
  return {
    users: await balances.users(union(stored.userIds, expected.users.map((u) => u.userId))),
    tokens: await balances.tokens(union(stored.tokenIds, expected.tokens.map((t) => t.tokenId))),
    channels: await balances.channels(union(stored.channelIds, expected.channels.map((c) => c.channelId))),
  };
}

/**
 * Compares the stored balances with the fold of the history, given each event once (the durable
 * history is; a raw log goes through `eachOnce`). Only events the store has checkpointed
 * are folded, so a worker that is merely behind is not drift. Run it while the worker is stopped
 * or idle: a batch applied during the audit would show up as drift.
 */
export async function auditDrift(
  events: AsyncIterable<StoredEvent> | Iterable<StoredEvent>,
  balances: BalanceStore & BalanceInventory,
): Promise<DriftReport> {
  const fold = new BalanceFold();
  const checkpoints = new Map<number, number>();
  let eventsFolded = 0;
  for await (const stored of events) {
    const checkpoint = checkpoints.get(stored.partition) ?? (await balances.checkpoint(stored.partition));
    checkpoints.set(stored.partition, checkpoint);
    if (stored.offset > checkpoint) continue;
    fold.add(stored);
    eventsFolded++;
  }
  const expected = fold.snapshot();
  return { eventsFolded, drifts: compareBalances(expected, await storedBalances(balances, expected)) };
}
