import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { RateLimiters } from '../../ports/hot-state/rate-limiter.js';
import { flexibleRateLimiter } from '../shared/flexible-rate-limiter.js';

/** Counters in this process: right for one gateway. */
export const inProcessRateLimiters: RateLimiters = (rule) =>
  flexibleRateLimiter(new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds }));
