import type { BreakerState } from '../../ports/hot-state/circuit-breakers.js';

interface Held {
  /** Skipped until then (milliseconds since the epoch); at or after it a probe may be claimed. */
  until: number;
  coolDownMs: number;
}

/** More channels than any deployment has: the view stays bounded even if transitions of deleted channels pile up. */
const MAX_ENTRIES = 10_000;

/**
 * This gateway's copy of the breakers that are not closed, kept by the transitions every gateway
 * publishes: the router asks it for every candidate of every call, so it is a map lookup and no
 * more (nothing when no breaker is open, the usual case), and never a store round trip.
 */
export class BreakerView {
  private readonly held = new Map<number, Held>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether the router may pick the channel: closed, or open with its cool-down passed (a probe may go). */
  admits(channelId: number): boolean {
    if (this.held.size === 0) return true;
    const held = this.held.get(channelId);
    return held === undefined || this.now() >= held.until;
  }

  /** No breaker holds the channel: the call goes as picked (the usual case: one size check). */
  isClosed(channelId: number): boolean {
    return this.held.size === 0 || !this.held.has(channelId);
  }

  /** An open breaker whose cool-down has passed: the call that picked it must claim the probe slot first. */
  isDue(channelId: number): boolean {
    if (this.held.size === 0) return false;
    const held = this.held.get(channelId);
    return held !== undefined && this.now() >= held.until;
  }

  /** Whether the channel is skipped now (a failure of it changes nothing in the store). */
  isOpen(channelId: number): boolean {
    return this.held.size !== 0 && this.held.has(channelId) && !this.isDue(channelId);
  }

  /**
   * This gateway tries for the probe slot: its other calls pass the channel by for one cool-down,
   * so a gateway sends one claim per half-open period, not one per call while the claim is out.
   */
  claiming(channelId: number): void {
    const held = this.held.get(channelId);
    if (held) held.until = this.now() + Math.max(held.coolDownMs, 1);
  }

  /** A state the store answered or a transition a gateway published. */
  apply(state: BreakerState): void {
    if (state.state === 'closed') {
      this.held.delete(state.channelId);
      return;
    }
    if (!this.held.has(state.channelId) && this.held.size >= MAX_ENTRIES) this.forgetOldest();
    this.held.set(state.channelId, { until: state.until, coolDownMs: state.coolDownMs });
  }

  /** Channels not closed here, for the operations view. */
  entries(): { channelId: number; until: number; coolDownMs: number }[] {
    return [...this.held].map(([channelId, held]) => ({ channelId, ...held }));
  }

  private forgetOldest(): void {
    const oldest = this.held.keys().next();
    if (!oldest.done) this.held.delete(oldest.value);
  }
}
