import { type BackgroundLog, type BalancesChanged, Reconciler } from '@tollgate/ledger';
import type { BalancePushed } from '@tollgate/wire';
import type { GatewayDeps } from '../deps.js';
import type { LiveFanout } from '../ports/live-fanout.js';

/** No change: what is left to apply once everything heard was applied. */
const nothing = (): BalancesChanged => ({ users: [], tokens: [], channels: [], settledHolds: [], appliedEventIds: [] });

/**
 * `newer` on top of `older`: the latest balance of each account, and every settled hold of both.
 * Balances are absolute, so applying the merge once leaves hot state where applying both in turn would.
 */
export function mergeBalancesChanged(older: BalancesChanged, newer: BalancesChanged): BalancesChanged {
  const latest = <T>(key: (item: T) => number, a: T[], b: T[]) => [...new Map([...a, ...b].map((item) => [key(item), item])).values()];
  return {
    users: latest((u) => u.userId, older.users, newer.users),
    tokens: latest((t) => t.tokenId, older.tokens, newer.tokens),
    channels: latest((c) => c.channelId, older.channels, newer.channels),
    settledHolds: [...new Map([...older.settledHolds, ...newer.settledHolds].map((hold) => [hold.holdId, hold])).values()],
    appliedEventIds: [],
  };
}

function pushBalances(fanout: LiveFanout, changes: BalancesChanged): void {
  for (const user of changes.users) {
    const payload: BalancePushed = { userId: user.userId, quota: user.quota, usedQuota: user.usedQuota, requestCount: user.requestCount };
    fanout.toUser(user.userId, 'balance', payload);
  }
}

/**
 * Follows what the ledger applied: hot state first (so admission sees the new balance and the
 * settled holds go), then every open console of the users whose balance moved. What hot state
 * could not take (Redis away) is kept, merged with what the ledger applies meanwhile (bounded by
 * the accounts and holds involved, not the batches), and applied again with a backoff until it
 * is taken: a settled hold left behind would block its amount until it expired.
 */
export function followLedger(deps: Pick<GatewayDeps, 'notifier' | 'holds'>, fanout: LiveFanout, log: BackgroundLog): () => void {
  let pending = nothing();
  const applying = new Reconciler('apply the ledger\'s changes to hot state', async () => {
    const changes = pending;
    pending = nothing();
    try {
      await deps.holds.applyLedgerChanges(changes);
    } catch (error) {
      pending = mergeBalancesChanged(changes, pending);
      throw error;
    } finally {
      // The balances are the ledger's, whatever hot state made of them: consoles see them at once.
      pushBalances(fanout, changes);
    }
  }, log);
  const unsubscribe = deps.notifier.subscribe((changes: BalancesChanged) => {
    pending = mergeBalancesChanged(pending, changes);
    applying.request();
  });
  return () => {
    unsubscribe();
    applying.stop();
  };
}
