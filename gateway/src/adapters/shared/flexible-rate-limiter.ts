import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimiter } from '../../ports/rate-limiter.js';

/** A rate-limiter-flexible limiter behind the port; it rejects with RateLimiterRes when over. */
export function flexibleRateLimiter(limiter: RateLimiterAbstract): RateLimiter {
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return null;
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        throw refusal; // the store failed: not a verdict on the caller
      }
    },
    async peek(key) {
      const counted = await limiter.get(key);
      if (!counted || counted.consumedPoints < limiter.points) return null;
      return Math.max(1, Math.ceil(counted.msBeforeNext / 1000));
    },
  };
}
