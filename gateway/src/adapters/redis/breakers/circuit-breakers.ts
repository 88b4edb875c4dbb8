import type { BackgroundLog } from '@tollgate/ledger';
import { followShardChannel, type ShardPublisher, type ShardSubscriber } from '@tollgate/ledger/redis';
import { z } from 'zod';
import { type BreakerKey, type BreakerListener, type BreakerSettings, type BreakerState, type BreakerTransition, type CircuitBreakers, breakerKeyOf } from '../../../ports/hot-state/circuit-breakers.js';
import { breakerStateSchema, breakerTransitionSchema } from '../../shared/breaker-transition.js';
import type { ScriptRunner } from '../lua-script.js';
import { CLAIM, FAILURE, PROBE_ENDED } from './breaker-scripts.js';

/** A breaker's keys live this long after its last change: far past any cool-down, so only a forgotten channel's expire. */
const KEPT_MS = 24 * 60 * 60 * 1000;

/** A script's answer: {state, until, coolDownMs, changed}. */
const answerSchema = z.tuple([breakerStateSchema.shape.state, z.number(), z.number(), z.number()]);

/** A transition's reason is an upstream's error text: kept short, it travels to every gateway. */
const REASON_CHARS = 300;

/**
 * Breakers in Redis, shared by every gateway: each step is one Lua script on the breaker's two
 * keys (a channel's and its keys' breakers all tagged `{c<id>}`: one slot on a Redis Cluster), and each transition is then published on one shard channel
 * that every gateway follows, so their local views change within milliseconds. A healthy call
 * touches none of this (relay/upstream/breaker-view.ts).
 */
export class RedisCircuitBreakers implements CircuitBreakers {
  private readonly listeners = new Set<BreakerListener>();

  constructor(
    private readonly redis: ScriptRunner & ShardPublisher,
    subscriber: ShardSubscriber,
    private readonly channel: string,
    private readonly prefix: string,
    log: BackgroundLog,
  ) {
    followShardChannel(subscriber, channel, log);
    subscriber.on('smessage', (from: string, text: string) => {
      if (from !== channel) return;
      const transition = parsed(text);
      if (transition) for (const listener of this.listeners) listener(transition);
    });
  }

  async failure(breaker: BreakerKey, at: number, settings: BreakerSettings, reason: string): Promise<BreakerTransition | BreakerState> {
    const answer = await FAILURE.run(this.redis, this.keys(breaker), [Math.round(at), settings.threshold, Math.round(settings.windowMs), Math.max(1, Math.round(settings.coolDownMs)), KEPT_MS]);
    return this.told(breaker, answer, 'opened', at, reason);
  }

  async claimProbe(breaker: BreakerKey, holder: string, at: number): Promise<BreakerTransition | BreakerState> {
    const answer = await CLAIM.run(this.redis, this.keys(breaker).slice(0, 1), [Math.round(at), holder, KEPT_MS]);
    return this.told(breaker, answer, 'half-open', at, '');
  }

  async probeEnded(breaker: BreakerKey, holder: string, ok: boolean, at: number, settings: BreakerSettings, reason: string): Promise<BreakerTransition | null> {
    const answer = await PROBE_ENDED.run(this.redis, this.keys(breaker), [holder, ok ? 1 : 0, Math.round(at), Math.round(settings.maxCoolDownMs), KEPT_MS]);
    if (answer === null) return null;
    const told = await this.told(breaker, answer, ok ? 'closed' : 'reopened', at, reason);
    return 'change' in told ? told : null;
  }

  subscribe(listener: BreakerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The script's answer as a state, or as the transition it made, published to every gateway before it is returned (so they hear them in order). */
  private async told(breaker: BreakerKey, answer: unknown, change: BreakerTransition['change'], at: number, reason: string): Promise<BreakerTransition | BreakerState> {
    const [state, until, coolDownMs, changed] = answerSchema.parse(answer);
    if (changed !== 1) return { ...breakerKeyOf(breaker), state, until, coolDownMs };
    const transition: BreakerTransition = { ...breakerKeyOf(breaker), state, until, coolDownMs, change, at, reason: reason.slice(0, REASON_CHARS) };
    await this.redis.spublish(this.channel, JSON.stringify(transition));
    return transition;
  }

  /** A channel's own breaker, or one of its keys' (`:k<index>`), in the channel's slot. */
  private keys({ channelId, keyIndex }: BreakerKey): string[] {
    const key = `${this.prefix}breaker:{c${channelId}}${keyIndex === undefined ? '' : `:k${keyIndex}`}`;
    return [key, `${key}:failures`];
  }
}

function parsed(text: string): BreakerTransition | null {
  try {
    const transition = breakerTransitionSchema.safeParse(JSON.parse(text));
    return transition.success ? transition.data : null;
  } catch {
    return null;
  }
}
