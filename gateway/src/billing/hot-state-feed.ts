import { type BackgroundLog, type BalanceNotifier, type BalancesChanged, Reconciler } from '@tollgate/ledger';
import { inviteChanges } from '../invites/invite-holds.js';
import type { HoldStore } from '../ports/hot-state/hold-store.js';

/** No change: what is left to apply once everything was applied. */
const nothing = (): BalancesChanged => ({ users: [], tokens: [], channels: [], settledHolds: [], appliedEvents: [] });

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
    appliedEvents: [],
  };
}

/** The hot state the ledger's changes go to: the relay's holds and the invite transfers' holds. */
export interface HotStateTargets {
  holds: HoldStore;
  inviteHolds: HoldStore;
}

/** One batch of the ledger's changes applied to the relay's holds and the invite holds. */
export function applyToHotState(targets: HotStateTargets, changes: BalancesChanged): Promise<unknown> {
  return Promise.all([targets.holds.applyLedgerChanges(changes), targets.inviteHolds.applyLedgerChanges(inviteChanges(changes))]);
}

/**
 * The ledger's notifier, applying each batch to hot state once, in the process that applied it to
 * the balances (a ledger role, or the embedded process), rather than in every gateway that follows
 * its users: with N gateways that was N scripts per user and batch. The notice goes out at once;
 * hot state follows in the background, one run at a time (so an older batch never lands after a
 * newer one). What hot state refuses (Redis away) is kept, merged with what comes meanwhile
 * (bounded by the accounts and holds involved, not the batches), and applied again with a backoff:
 * a settled hold left behind would block its amount until it expired. `close` ends the retries;
 * the notifier it wraps is closed by its owner.
 */
export function feedingHotState(notifier: BalanceNotifier, targets: HotStateTargets, log: BackgroundLog): BalanceNotifier {
  let pending = nothing();
  const applying = new Reconciler("apply the ledger's changes to hot state", async () => {
    const changes = pending;
    pending = nothing();
    try {
      await applyToHotState(targets, changes);
    } catch (error) {
      pending = mergeBalancesChanged(changes, pending);
      throw error;
    }
  }, log);
  return {
    publish: (changes) => {
      pending = mergeBalancesChanged(pending, changes);
      applying.request();
      return notifier.publish(changes);
    },
    followUser: (userId, listener) => notifier.followUser(userId, listener),
    close: async () => applying.stop(),
  };
}
