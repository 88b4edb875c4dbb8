import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { RateLimiter, RateLimiters, RateRule, Reservation } from '../../ports/hot-state/rate-limiter.js';
import type { IpcClient } from './client.js';
import { handle, type PortHandlers } from './owner.js';

const ruleSchema = z.object({ name: z.string().min(1).max(200), points: z.number().int().positive(), durationSeconds: z.number().int().positive() });
const keySchema = z.string().max(1_000);

/**
 * The owner's side: one set of counters for every worker. A reservation stays here under an id the
 * worker gives back; it is forgotten once its rule's window has surely ended (its give-back would
 * do nothing then).
 */
export function rateLimiterHandlers(limiters: RateLimiters): PortHandlers {
  const byRule = new Map<string, RateLimiter>();
  const limiterOf = (rule: RateRule) => {
    const name = `${rule.name}:${rule.points}:${rule.durationSeconds}`;
    const limiter = byRule.get(name) ?? limiters(rule);
    byRule.set(name, limiter);
    return limiter;
  };
  const reservations = new Map<string, Reservation>();
  return {
    take: handle(z.tuple([ruleSchema, keySchema]), ([rule, key]) => limiterOf(rule).take(key)),
    reserve: handle(z.tuple([ruleSchema, keySchema]), async ([rule, key]) => {
      const verdict = await limiterOf(rule).reserve(key);
      if (typeof verdict === 'number') return { wait: verdict };
      const id = randomUUID();
      reservations.set(id, verdict);
      setTimeout(() => reservations.delete(id), rule.durationSeconds * 1000 + 1_000).unref();
      return { reservation: id };
    }),
    giveBack: handle(z.tuple([z.string().min(1).max(64)]), async ([id]) => {
      const reservation = reservations.get(id);
      reservations.delete(id);
      await reservation?.giveBack();
    }),
  };
}

const verdictSchema = z.union([z.object({ wait: z.number() }), z.object({ reservation: z.string() })]);

/** A relay worker's rate limiters: every count is the owner's. */
export function ipcRateLimiters(client: IpcClient): RateLimiters {
  return (rule) => ({
    take: (key) => client.call<number | null>('limits', 'take', [rule, key]),
    async reserve(key) {
      const verdict = verdictSchema.parse(await client.call('limits', 'reserve', [rule, key]));
      if ('wait' in verdict) return verdict.wait;
      return { giveBack: async () => { await client.call('limits', 'giveBack', [verdict.reservation]); } };
    },
  });
}
