import { randomBytes } from 'node:crypto';
import { type BackgroundLog, reportBackgroundFailure, runInBackground } from '@tollgate/ledger';
import { breakerSettings } from './breaker-rules.js';
import { type BreakerKey, type BreakerState, type BreakerTransition, type CircuitBreakers, isTransition } from '../../ports/hot-state/circuit-breakers.js';
import type { Options } from '../../ports/options.js';
import { BreakerView } from './breaker-view.js';

/**
 * The relay's side of the circuit breakers (a channel's own, or a key's of a multi-key channel): the local view the router reads, kept by
 * every gateway's transitions, and the few store calls a failure or a probe costs. A healthy call
 * asks the view only (a map lookup, none when no breaker is open); a failure of a closed breaker
 * is one store call, sent without making the call wait; a probe is two (claim, outcome).
 */
export class ChannelBreakers {
  readonly view: BreakerView;
  /** Names this gateway's probes, so only the call that claimed a slot reports its outcome. */
  private readonly gatewayTag = randomBytes(6).toString('hex');
  private probes = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly breakers: CircuitBreakers,
    private readonly options: Options,
    private readonly log: BackgroundLog,
    /** Each transition this gateway made (the others' are theirs to tell): the channel's health history. */
    private readonly made: (transition: BreakerTransition) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {
    this.view = new BreakerView(now);
    this.unsubscribe = breakers.subscribe((transition) => this.view.apply(transition));
  }

  close(): void {
    this.unsubscribe();
  }

  /** Claims the probe slot of a breaker whose cool-down has passed: the probe's name, or null when another call has it. */
  async claim(breaker: BreakerKey): Promise<string | null> {
    this.view.claiming(breaker);
    const probe = `${this.gatewayTag}:${++this.probes}`;
    try {
      const answer = await this.breakers.claimProbe(breaker, probe, this.now());
      this.applied(answer);
      return isTransition(answer) ? probe : null;
    } catch (error) {
      // The store away: the channel or key stays passed over here for a cool-down, then is tried again.
      reportBackgroundFailure(this.log, 'claim a breaker probe', error);
      return null;
    }
  }

  /** A call to the channel or key failed (`reason`, breaker-rules.ts): counted, or the probe's failure reopens the breaker. */
  failed(breaker: BreakerKey, reason: string, probe: string | null): void {
    if (probe) return this.probeEnded(breaker, probe, false, reason);
    const settings = breakerSettings(this.options);
    // Off, or already open here: the store would change nothing.
    if (settings.threshold <= 0 || this.view.isOpen(breaker)) return;
    runInBackground('count a channel failure', async () => this.applied(await this.breakers.failure(breaker, this.now(), settings, reason)), this.log);
  }

  /** The probe answered: the breaker closes. */
  probeSucceeded(breaker: BreakerKey, probe: string): void {
    this.probeEnded(breaker, probe, true, 'probe answered');
  }

  subscribe(listener: (transition: BreakerTransition) => void): () => void {
    return this.breakers.subscribe(listener);
  }

  private probeEnded(breaker: BreakerKey, probe: string, ok: boolean, reason: string): void {
    const settings = breakerSettings(this.options);
    runInBackground('report a breaker probe', async () => {
      const transition = await this.breakers.probeEnded(breaker, probe, ok, this.now(), settings, reason);
      if (transition) this.applied(transition);
    }, this.log);
  }

  private applied(answer: BreakerTransition | BreakerState): void {
    this.view.apply(answer);
    if (isTransition(answer)) this.made(answer);
  }
}
