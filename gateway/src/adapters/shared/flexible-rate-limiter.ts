import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimiter, Reservation } from '../../ports/hot-state/rate-limiter.js';

const NOTHING_TO_GIVE_BACK: Reservation = { giveBack: async () => {} };

/** The seconds to wait a refusal names; a store failure is rethrown, since it is no verdict on the caller. */
function waitOf(refusal: unknown): number {
  if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
  throw refusal;
}

/**
 * A reservation that gives its point back only while its window lasts. The window's end is known
 * from the consume's own answer (msBeforeNext) and this process's clock, so no extra store round
 * trip decides it: a late give-back would otherwise leave -1 in the next window, one call too many.
 */
function reservationOf(limiter: RateLimiterAbstract, key: string, counted: RateLimiterRes): Reservation {
  if (counted.msBeforeNext <= 0) return NOTHING_TO_GIVE_BACK; // a rule without expiry keeps no window to credit
  const windowEndsAt = Date.now() + counted.msBeforeNext;
  return {
    async giveBack() {
      if (Date.now() < windowEndsAt) await limiter.reward(key, 1);
    },
  };
}

/** A rate-limiter-flexible limiter behind the port; it rejects with RateLimiterRes when over. */
export function flexibleRateLimiter(limiter: RateLimiterAbstract): RateLimiter {
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return null;
      } catch (refusal) {
        return waitOf(refusal);
      }
    },
    async reserve(key) {
      try {
        return reservationOf(limiter, key, await limiter.consume(key));
      } catch (refusal) {
        const wait = waitOf(refusal);
        // A refused consume still counted its point: give it back, or a refused burst would keep
        // the key closed after the calls in flight gave theirs back. Until it is given back the
        // count is higher than the reservations, which refuses too much, never too little.
        if (refusal instanceof RateLimiterRes) await reservationOf(limiter, key, refusal).giveBack();
        return wait;
      }
    },
  };
}
