import type { WindowUsageRecord } from '@tollgate/ledger';
import type { Pockets, SubscriptionPocket, SubscriptionWindow, WindowRef } from '../../ports/hot-state/hold-store.js';

interface Counted {
  amount: number;
  endsAt: number;
}

/**
 * What each subscription window counts (issue #41): the holds of calls in flight, and what settled
 * calls took, kept until the window ends. A window is its key: a new window (a later start) is a
 * new key that starts from nothing, so a reset is the old key's end, never a write on a boundary.
 */
export class SubscriptionWindows {
  private readonly held = new Map<string, number>();
  private readonly used = new Map<string, Counted>();
  /** No settled window ends before this, so most calls skip the sweep. */
  private earliestEnd = Number.POSITIVE_INFINITY;

  /**
   * `record`: what the durable log counted in each window. A restarted process must not start a
   * window from nothing (a plan of 10 calls would serve 10 more), so a window this process has
   * not seen starts from the record, read once, before anything here holds or settles in it; its
   * later calls are counted here as before.
   */
  constructor(
    private readonly now: () => number,
    private readonly record?: Pick<WindowUsageRecord, 'counted'>,
  ) {}

  /** What the pocket can still pay: the least room of its windows (no window: no limit). */
  room(pocket: SubscriptionPocket): number {
    this.forgetEnded();
    let room = Number.POSITIVE_INFINITY;
    for (const w of pocket.windows) room = Math.min(room, this.windowRoom(w));
    return room;
  }

  /** The first subscription, in the pockets' order, with room for `least`, and that room. */
  pick(pockets: Pockets, least: number): { pocket: SubscriptionPocket; room: number } | null {
    for (const pocket of pockets.subscriptions) {
      const room = this.room(pocket);
      if (room >= least) return { pocket, room };
    }
    return null;
  }

  hold(windows: WindowRef[], delta: number): void {
    for (const { key } of windows) addTo(this.held, key, delta);
  }

  /** The ledger applied the call: its hold becomes use that each window keeps until it ends. */
  settle(windows: WindowRef[], amount: number): void {
    this.hold(windows, -amount);
    for (const w of windows) {
      // A hold taken again after a restart (keep) may settle before anything else here saw its window.
      this.firstSight(w);
      const { key, endsAt } = w;
      const counted = this.used.get(key) ?? { amount: 0, endsAt };
      counted.amount += amount;
      this.used.set(key, counted);
      this.earliestEnd = Math.min(this.earliestEnd, endsAt);
    }
  }

  /** What the window counts now: its holds and, until it ends, its settled calls. */
  counted(w: SubscriptionWindow): number {
    this.forgetEnded();
    this.firstSight(w);
    return (this.held.get(w.key) ?? 0) + (this.used.get(w.key)?.amount ?? 0);
  }

  private windowRoom(w: SubscriptionWindow): number {
    if (w.endsAt <= this.now()) return 0;
    this.firstSight(w);
    return w.limit - (this.held.get(w.key) ?? 0) - (this.used.get(w.key)?.amount ?? 0);
  }

  /** A window not seen yet, and not ended, starts from what the record counted in it (an entry, even of 0, marks it seen). */
  private firstSight(w: WindowRef): void {
    if (!this.record || this.used.has(w.key) || w.endsAt <= this.now()) return;
    this.used.set(w.key, { amount: this.record.counted(w.key), endsAt: w.endsAt });
    this.earliestEnd = Math.min(this.earliestEnd, w.endsAt);
  }

  private forgetEnded(): void {
    const now = this.now();
    if (now < this.earliestEnd) return;
    this.earliestEnd = Number.POSITIVE_INFINITY;
    for (const [key, counted] of this.used) {
      if (counted.endsAt <= now) this.used.delete(key);
      else this.earliestEnd = Math.min(this.earliestEnd, counted.endsAt);
    }
  }
}

/** Adds `delta` to a running total; a total back at zero leaves the map. */
export function addTo<K>(totals: Map<K, number>, key: K, delta: number): void {
  const total = (totals.get(key) ?? 0) + delta;
  if (total === 0) totals.delete(key);
  else totals.set(key, total);
}

/** Who pays for a call: a subscription (and its room), the wallet, or no one (and why). */
export type Payer = { pocket: SubscriptionPocket; room: number } | 'wallet' | 'user_quota' | 'subscription_quota';

/** The payer of a call needing `least`, in the pockets' order, given the wallet's room. */
export function payerOf(windows: SubscriptionWindows, pockets: Pockets, walletRoom: number, least: number): Payer {
  const wallet = walletRoom >= least;
  if (pockets.order === 'wallet_first' && wallet) return 'wallet';
  const subscription = windows.pick(pockets, least);
  if (subscription) return subscription;
  if (pockets.order === 'subscription_only') return 'subscription_quota';
  return wallet ? 'wallet' : 'user_quota';
}
