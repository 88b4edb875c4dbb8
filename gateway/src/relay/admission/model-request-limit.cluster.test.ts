import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { InMemoryOptionStore } from '../../../test/fakes/relay-stores.js';
import { requiredRedisUrl } from '../../../test/support/config.js';
import { redisRateLimiters } from '../../adapters/redis/counters/rate-limiter.js';
import { OptionCache } from '../../options/option-cache.js';
import { ModelRequestLimit } from './model-request-limit.js';

const connections = [new Redis(requiredRedisUrl()), new Redis(requiredRedisUrl())];
afterAll(() => Promise.all(connections.map((c) => c.quit())));

/** Two gateways on their own Redis connections, under the same options. */
async function twoGateways(options: Record<string, string>): Promise<ModelRequestLimit[]> {
  const cache = new OptionCache(new InMemoryOptionStore());
  for (const [key, value] of Object.entries({ ModelRequestRateLimitEnabled: 'true', ...options })) await cache.set(key, value);
  const prefix = `tg-mrl-${randomBytes(4).toString('hex')}:`;
  return connections.map((c) => new ModelRequestLimit(redisRateLimiters(c, prefix), cache));
}

const refused = (attempt: Promise<unknown>) => attempt.then(() => false, () => true);

describe('model request limits counted in Redis, shared by every gateway', () => {
  it('ModelRequestRateLimitCount: calls through two gateways share one total per user', async () => {
    const gateways = await twoGateways({ ModelRequestRateLimitCount: '4' });
    const verdicts = await Promise.all(Array.from({ length: 10 }, (_, i) => refused((gateways[i % 2] as ModelRequestLimit).admit(7, 'default'))));
    expect(verdicts.filter((r) => !r)).toHaveLength(4);
    expect(await refused((gateways[0] as ModelRequestLimit).admit(8, 'default'))).toBe(false);
  });

  it('ModelRequestRateLimitSuccessCount: a call in flight on one gateway closes the other; a failed one opens it again', async () => {
    const [a, b] = (await twoGateways({ ModelRequestRateLimitSuccessCount: '1' })) as [ModelRequestLimit, ModelRequestLimit];
    const admitted = await a.admit(9, 'default');
    await expect(b.admit(9, 'default')).rejects.toMatchObject({ status: 429, message: '您已达到请求数限制：1分钟内最多请求1次' });
    await admitted.failed();
    expect(await refused(b.admit(9, 'default'))).toBe(false);
  });

  it('ModelRequestRateLimitSuccessCount: a 50-way burst through two gateways admits exactly the limit', async () => {
    const gateways = await twoGateways({ ModelRequestRateLimitSuccessCount: '5' });
    const verdicts = await Promise.all(Array.from({ length: 50 }, (_, i) => refused((gateways[i % 2] as ModelRequestLimit).admit(10, 'default'))));
    expect(verdicts.filter((r) => !r)).toHaveLength(5);
  });
});
