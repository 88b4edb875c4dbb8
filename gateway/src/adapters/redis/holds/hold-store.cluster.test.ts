import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { runHoldStoreContract } from '../../../ports/hot-state/hold-store.contract.js';
import { createRedisHoldStore } from './hold-store.js';
import { requiredRedisUrl } from '../../../../test/support/config.js';

const redis = new Redis(requiredRedisUrl());
afterAll(() => redis.quit());
let run = 0;

// Each case gets its own key prefix, so cases never see each other's balances or holds.
runHoldStoreContract('redis', async () => createRedisHoldStore(redis, `tg-test-${process.pid}-${run++}:`));

describe('holds across gateways', () => {
  it('two gateways on their own connections cannot together spend past a quota', async () => {
    const prefix = `tg-race-${process.pid}:`;
    const connections = Array.from({ length: 4 }, () => new Redis(requiredRedisUrl()));
    const gateways = connections.map((c) => createRedisHoldStore(c, prefix));
    await gateways[0]?.seed([{ userId: 1, quota: 1000, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], [{ tokenId: 9, userId: 1, remainQuota: 5000, usedQuota: 0, unlimited: false }]);
    const attempts = Array.from({ length: 40 }, (_, i) => gateways[i % gateways.length]!.acquire({ holdId: `h${i}`, userId: 1, tokenId: 9, least: 100, most: 100, ttlMs: 60_000 }));
    const granted = (await Promise.all(attempts)).filter((r) => r.ok).length;
    expect(granted).toBe(10);
    expect(await gateways[3]?.available(1)).toBe(0);
    await Promise.all(connections.map((c) => c.quit()));
  });
});
