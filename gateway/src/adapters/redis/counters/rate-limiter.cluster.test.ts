import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { requiredRedisUrl } from '../../../../test/support/config.js';
import { runRateLimiterContract } from '../../../ports/hot-state/rate-limiter.contract.js';
import { redisRateLimiters } from './rate-limiter.js';

const redis = new Redis(requiredRedisUrl());
afterAll(() => redis.quit());

runRateLimiterContract('redis', redisRateLimiters(redis, `tg-test-${process.pid}:`));

describe('rate limits across gateways', () => {
  it('two gateways on their own connections share one count per client', async () => {
    const connections = [new Redis(requiredRedisUrl()), new Redis(requiredRedisUrl())];
    const rule = { name: 'shared', points: 6, durationSeconds: 60 };
    const gateways = connections.map((c) => redisRateLimiters(c, `tg-rate-${process.pid}:`)(rule));
    const verdicts = await Promise.all(Array.from({ length: 12 }, (_, i) => gateways[i % 2]!.take('203.0.113.9')));
    expect(verdicts.filter((v) => v === null)).toHaveLength(6);
    await Promise.all(connections.map((c) => c.quit()));
  });
});
