import { type BreakerKey, type BreakerState, breakerKeyOf, breakerName } from '../../ports/hot-state/circuit-breakers.js';

interface Held {
  key: BreakerKey;
  /** Skipped until then (milliseconds since the epoch); at or after it a probe may be claimed. */
  until: number;
  coolDownMs: number;
}

/** More breakers than any deployment has: the view stays bounded even if transitions of deleted channels pile up. */
const MAX_ENTRIES = 10_000;

/**
 * This gateway's copy of the breakers that are not closed (a channel's own, or a key's of a
 * multi-key channel), kept by the transitions every gateway publishes: the router asks it for
 * every candidate of every call, so it is a map lookup and no more (nothing when no breaker is
 * open, the usual case), and never a store round trip.
 */
export class BreakerView {
  private readonly held = new Map<string, Held>();
  /** How many breakers each channel has held here: the router's one lookup per candidate. */
  private readonly perChannel = new Map<number, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether any breaker of the channel (its own or one of its keys') is not closed here. */
  holds(channelId: number): boolean {
    return this.held.size !== 0 && this.perChannel.has(channelId);
  }

  /** Whether the router may pick the breaker's channel or key: closed, or open with its cool-down passed (a probe may go). */
  admits(key: BreakerKey): boolean {
    if (this.held.size === 0) return true;
    const held = this.held.get(breakerName(key));
    return held === undefined || this.now() >= held.until;
  }

  /** No breaker holds it: the call goes as picked (the usual case: one size check). */
  isClosed(key: BreakerKey): boolean {
    return this.held.size === 0 || !this.held.has(breakerName(key));
  }

  /** An open breaker whose cool-down has passed: the call that picked it must claim the probe slot first. */
  isDue(key: BreakerKey): boolean {
    if (this.held.size === 0) return false;
    const held = this.held.get(breakerName(key));
    return held !== undefined && this.now() >= held.until;
  }

  /** Whether the channel or key is skipped now (a failure of it changes nothing in the store). */
  isOpen(key: BreakerKey): boolean {
    return !this.isClosed(key) && !this.isDue(key);
  }

  /**
   * This gateway tries for the probe slot: its other calls pass the breaker by for one cool-down,
   * so a gateway sends one claim per half-open period, not one per call while the claim is out.
   */
  claiming(key: BreakerKey): void {
    const held = this.held.get(breakerName(key));
    if (held) held.until = this.now() + Math.max(held.coolDownMs, 1);
  }

  /** A state the store answered or a transition a gateway published. */
  apply(state: BreakerState): void {
    const name = breakerName(state);
    const had = this.held.has(name);
    if (state.state === 'closed') {
      if (had) this.forget(name);
      return;
    }
    if (!had && this.held.size >= MAX_ENTRIES) this.forgetOldest();
    this.held.set(name, { key: breakerKeyOf(state), until: state.until, coolDownMs: state.coolDownMs });
    if (!had) this.perChannel.set(state.channelId, (this.perChannel.get(state.channelId) ?? 0) + 1);
  }

  /** Breakers not closed here, for the operations view. */
  entries(): (BreakerKey & { until: number; coolDownMs: number })[] {
    return [...this.held.values()].map(({ key, until, coolDownMs }) => ({ ...key, until, coolDownMs }));
  }

  private forget(name: string): void {
    const held = this.held.get(name);
    if (!held) return;
    this.held.delete(name);
    const left = (this.perChannel.get(held.key.channelId) ?? 1) - 1;
    if (left > 0) this.perChannel.set(held.key.channelId, left);
    else this.perChannel.delete(held.key.channelId);
  }

  private forgetOldest(): void {
    const oldest = this.held.keys().next();
    if (!oldest.done) this.forget(oldest.value);
  }
}
