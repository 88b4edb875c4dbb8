import type { Cluster, Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimiters } from '../../../ports/hot-state/rate-limiter.js';
import { flexibleRateLimiter } from '../../shared/flexible-rate-limiter.js';

/**
 * Counters in Redis (an atomic INCR with expiry per key and window): shared by every gateway.
 * One key per client and window, so it runs on a Redis Cluster as is.
 */
export function redisRateLimiters(redis: Redis | Cluster, prefix: string): RateLimiters {
  return (rule) =>
    flexibleRateLimiter(new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}rate:${rule.name}`, points: rule.points, duration: rule.durationSeconds }));
}
