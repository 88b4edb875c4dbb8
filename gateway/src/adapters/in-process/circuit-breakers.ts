import { type BreakerKey, type BreakerListener, type BreakerSettings, type BreakerState, type BreakerTransition, type CircuitBreakers, breakerKeyOf, breakerName } from '../../ports/hot-state/circuit-breakers.js';

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
 * The rules are the Redis script's (adapters/redis/breakers/breaker-scripts.ts), step for step.
 */
export class InProcessCircuitBreakers implements CircuitBreakers {
  /** By breakerName: a channel's own and each of its keys' apart. */
  private readonly breakers = new Map<string, Breaker>();
  private readonly listeners = new Set<BreakerListener>();

  async failure(key: BreakerKey, at: number, settings: BreakerSettings, reason: string): Promise<BreakerTransition | BreakerState> {
    const breaker = this.breakers.get(breakerName(key)) ?? closed();
    if (breaker.state !== 'closed' || settings.threshold <= 0) return this.stateOf(key, breaker);
    breaker.failures.push(at);
    if (breaker.failures.length > settings.threshold) breaker.failures.shift();
    const oldest = breaker.failures[0] ?? at;
    if (breaker.failures.length < settings.threshold || at - oldest >= settings.windowMs) {
      this.breakers.set(breakerName(key), breaker);
      return this.stateOf(key, breaker);
    }
    return this.change(key, { ...closed(), state: 'open', until: at + settings.coolDownMs, coolDownMs: settings.coolDownMs }, 'opened', at, reason);
  }

  async claimProbe(key: BreakerKey, holder: string, at: number): Promise<BreakerTransition | BreakerState> {
    const breaker = this.breakers.get(breakerName(key)) ?? closed();
    if (breaker.state === 'closed' || at < breaker.until) return this.stateOf(key, breaker);
    return this.change(key, { ...breaker, state: 'half-open', until: at + breaker.coolDownMs, holder }, 'half-open', at, '');
  }

  async probeEnded(key: BreakerKey, holder: string, ok: boolean, at: number, settings: BreakerSettings, reason: string): Promise<BreakerTransition | null> {
    const breaker = this.breakers.get(breakerName(key));
    if (!breaker || breaker.state !== 'half-open' || breaker.holder !== holder) return null;
    if (ok) return this.change(key, closed(), 'closed', at, reason);
    const coolDownMs = Math.min(breaker.coolDownMs * 2, Math.max(settings.maxCoolDownMs, breaker.coolDownMs));
    return this.change(key, { ...closed(), state: 'open', until: at + coolDownMs, coolDownMs }, 'reopened', at, reason);
  }

  subscribe(listener: BreakerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private change(key: BreakerKey, breaker: Breaker, change: BreakerTransition['change'], at: number, reason: string): BreakerTransition {
    if (breaker.state === 'closed') this.breakers.delete(breakerName(key));
    else this.breakers.set(breakerName(key), breaker);
    const transition = { ...this.stateOf(key, breaker), change, at, reason };
    for (const listener of this.listeners) listener(transition);
    return transition;
  }

  private stateOf(key: BreakerKey, breaker: Breaker): BreakerState {
    return { ...breakerKeyOf(key), state: breaker.state, until: breaker.until, coolDownMs: breaker.coolDownMs };
  }
}
