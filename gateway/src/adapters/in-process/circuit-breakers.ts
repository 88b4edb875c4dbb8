import type { BreakerListener, BreakerSettings, BreakerState, BreakerTransition, CircuitBreakers } from '../../ports/hot-state/circuit-breakers.js';

interface Breaker {
  state: BreakerState['state'];
  until: number;
  coolDownMs: number;
  /** The latest failures of a closed breaker, oldest first, at most `threshold` of them. */
  failures: number[];
  holder: string;
}

const closed = (): Breaker => ({ state: 'closed', until: 0, coolDownMs: 0, failures: [], holder: '' });

/**
 * Breakers in this process: right for one gateway (its relay workers reach it through the owner).
 * The rules are the Redis script's (adapters/redis/fleet/circuit-breakers.ts), step for step.
 */
export class InProcessCircuitBreakers implements CircuitBreakers {
  private readonly breakers = new Map<number, Breaker>();
  private readonly listeners = new Set<BreakerListener>();

  async failure(channelId: number, at: number, settings: BreakerSettings, reason: string): Promise<BreakerTransition | BreakerState> {
    const breaker = this.breakers.get(channelId) ?? closed();
    if (breaker.state !== 'closed' || settings.threshold <= 0) return this.stateOf(channelId, breaker);
    breaker.failures.push(at);
    if (breaker.failures.length > settings.threshold) breaker.failures.shift();
    const oldest = breaker.failures[0] ?? at;
    if (breaker.failures.length < settings.threshold || at - oldest >= settings.windowMs) {
      this.breakers.set(channelId, breaker);
      return this.stateOf(channelId, breaker);
    }
    return this.change(channelId, { ...closed(), state: 'open', until: at + settings.coolDownMs, coolDownMs: settings.coolDownMs }, 'opened', at, reason);
  }

  async claimProbe(channelId: number, holder: string, at: number): Promise<BreakerTransition | BreakerState> {
    const breaker = this.breakers.get(channelId) ?? closed();
    if (breaker.state === 'closed' || at < breaker.until) return this.stateOf(channelId, breaker);
    return this.change(channelId, { ...breaker, state: 'half-open', until: at + breaker.coolDownMs, holder }, 'half-open', at, '');
  }

  async probeEnded(channelId: number, holder: string, ok: boolean, at: number, settings: BreakerSettings, reason: string): Promise<BreakerTransition | null> {
    const breaker = this.breakers.get(channelId);
    if (!breaker || breaker.state !== 'half-open' || breaker.holder !== holder) return null;
    if (ok) return this.change(channelId, closed(), 'closed', at, reason);
    const coolDownMs = Math.min(breaker.coolDownMs * 2, Math.max(settings.maxCoolDownMs, breaker.coolDownMs));
    return this.change(channelId, { ...closed(), state: 'open', until: at + coolDownMs, coolDownMs }, 'reopened', at, reason);
  }

  subscribe(listener: BreakerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private change(channelId: number, breaker: Breaker, change: BreakerTransition['change'], at: number, reason: string): BreakerTransition {
    if (breaker.state === 'closed') this.breakers.delete(channelId);
    else this.breakers.set(channelId, breaker);
    const transition = { ...this.stateOf(channelId, breaker), change, at, reason };
    for (const listener of this.listeners) listener(transition);
    return transition;
  }

  private stateOf(channelId: number, breaker: Breaker): BreakerState {
    return { channelId, state: breaker.state, until: breaker.until, coolDownMs: breaker.coolDownMs };
  }
}
