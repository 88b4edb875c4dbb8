import { z } from 'zod';
import type { BreakerKey, BreakerListener, BreakerSettings, BreakerState, BreakerTransition, CircuitBreakers } from '../../ports/hot-state/circuit-breakers.js';
import { breakerAnswerSchema, breakerKeySchema, breakerSettingsSchema, breakerTransitionSchema } from '../shared/breaker-transition.js';
import type { IpcClient } from './client.js';
import { handle, type IpcOwner, type PortHandlers } from './owner.js';

const TOPIC = 'breakers';
const PORT = 'breakers';
const id = breakerKeySchema;
const holder = z.string().min(1).max(200);
const reason = z.string().max(2000);

/** The owner's side: the owner's breakers decide for every worker, and each transition is pushed to all of them. */
export function circuitBreakersHandlers(breakers: CircuitBreakers, owner: IpcOwner): PortHandlers {
  breakers.subscribe((transition) => owner.broadcast(TOPIC, transition));
  return {
    failure: handle(z.tuple([id, z.number(), breakerSettingsSchema, reason]), ([breaker, at, settings, why]) => breakers.failure(breaker, at, settings, why)),
    claimProbe: handle(z.tuple([id, holder, z.number()]), ([breaker, who, at]) => breakers.claimProbe(breaker, who, at)),
    probeEnded: handle(z.tuple([id, holder, z.boolean(), z.number(), breakerSettingsSchema, reason]), ([breaker, who, ok, at, settings, why]) =>
      breakers.probeEnded(breaker, who, ok, at, settings, why)),
  };
}

/** A relay worker's breakers: the owner's, through its link; transitions heard as the owner pushes them. */
export class IpcCircuitBreakers implements CircuitBreakers {
  private readonly listeners = new Set<BreakerListener>();

  constructor(private readonly client: IpcClient, onError: (error: unknown) => void) {
    client.onPush(TOPIC, (payload) => {
      const transition = breakerTransitionSchema.safeParse(payload);
      if (!transition.success) return onError(transition.error);
      for (const listener of this.listeners) listener(transition.data);
    });
  }

  async failure(breaker: BreakerKey, at: number, settings: BreakerSettings, why: string): Promise<BreakerTransition | BreakerState> {
    return breakerAnswerSchema.parse(await this.client.call(PORT, 'failure', [breaker, at, settings, why.slice(0, 2000)]));
  }

  async claimProbe(breaker: BreakerKey, who: string, at: number): Promise<BreakerTransition | BreakerState> {
    return breakerAnswerSchema.parse(await this.client.call(PORT, 'claimProbe', [breaker, who, at]));
  }

  async probeEnded(breaker: BreakerKey, who: string, ok: boolean, at: number, settings: BreakerSettings, why: string): Promise<BreakerTransition | null> {
    const answer = await this.client.call(PORT, 'probeEnded', [breaker, who, ok, at, settings, why.slice(0, 2000)]);
    return answer === null ? null : breakerTransitionSchema.parse(answer);
  }

  subscribe(listener: BreakerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
