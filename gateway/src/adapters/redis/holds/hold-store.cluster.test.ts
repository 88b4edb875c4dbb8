import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { runHoldStoreContract } from '../../../ports/hot-state/hold-store.contract.js';
import { runSubscriptionHoldContract } from '../../../ports/hot-state/hold-store-pockets.contract.js';
import { createRedisHoldStore } from './hold-store.js';
import { requiredRedisUrl } from '../../../../test/support/config.js';

const redis = new Redis(requiredRedisUrl());
afterAll(() => redis.quit());
let run = 0;

// Each case gets its own key prefix, so cases never see each other's balances or holds.
runHoldStoreContract('redis', async () => createRedisHoldStore(redis, `tg-test-${process.pid}-${run++}:`));
runSubscriptionHoldContract('redis', async () => createRedisHoldStore(redis, `tg-sub-${process.pid}-${run++}:`));

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

  it('issue #41: 60 calls from four gateways on a plan worth 10 and a wallet worth 5 serve 15, each from one pocket; the plan alone, 10', async () => {
    const connections = Array.from({ length: 4 }, () => new Redis(requiredRedisUrl()));
    for (const [order, expected] of [['subscription_first', { sub: 10, wallet: 5 }], ['subscription_only', { sub: 10, wallet: 0 }]] as const) {
      const prefix = `tg-sub-race-${order}-${process.pid}:`;
      const gateways = connections.map((c) => createRedisHoldStore(c, prefix));
      await gateways[0]?.seed([{ userId: 1, quota: 500, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], [{ tokenId: 9, userId: 1, remainQuota: 0, usedQuota: 0, unlimited: true }]);
      const pockets = { order, subscriptions: [{ subscriptionId: 3, windows: [{ key: 's3:w0:0', limit: 1000, endsAt: Date.now() + 3_600_000 }] }] };
      const attempts = Array.from({ length: 60 }, (_, i) => gateways[i % gateways.length]!.acquire({ holdId: `h${i}`, userId: 1, tokenId: 9, least: 100, most: 100, ttlMs: 60_000, pockets }));
      const served = (await Promise.all(attempts)).filter((r) => r.ok);
      expect(served.filter((r) => r.ok && r.subscriptionId === 3)).toHaveLength(expected.sub);
      expect(served.filter((r) => r.ok && r.subscriptionId === undefined)).toHaveLength(expected.wallet);
      expect(await gateways[1]?.available(1)).toBe(500 - expected.wallet * 100);
    }
    await Promise.all(connections.map((c) => c.quit()));
  });

  it('issue #41: a gateway restarted on the same Redis finds what its windows counted (no restart gap, unlike in-process holds)', async () => {
    const prefix = `tg-sub-restart-${process.pid}:`;
    const pockets = { order: 'subscription_only' as const, subscriptions: [{ subscriptionId: 4, windows: [{ key: 's4:w0:0', limit: 1000, endsAt: Date.now() + 3_600_000 }] }] };
    const acquire = (store: ReturnType<typeof createRedisHoldStore>, holdId: string) => store.acquire({ holdId, userId: 1, tokenId: 9, least: 100, most: 100, ttlMs: 60_000, pockets });
    const before = new Redis(requiredRedisUrl());
    const first = createRedisHoldStore(before, prefix);
    await first.seed([{ userId: 1, quota: 0, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], [{ tokenId: 9, userId: 1, remainQuota: 0, usedQuota: 0, unlimited: true }]);
    for (let i = 0; i < 6; i++) expect((await acquire(first, `before-${i}`)).ok).toBe(true);
    await first.applyLedgerChanges({ users: [], tokens: [], channels: [], appliedEvents: [], settledHolds: Array.from({ length: 6 }, (_, i) => ({ holdId: `before-${i}`, userId: 1 })) });
    await before.quit();
    const after = new Redis(requiredRedisUrl());
    const restarted = createRedisHoldStore(after, prefix);
    expect(await restarted.counted(1, pockets.subscriptions[0]!.windows)).toEqual([600]);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => acquire(restarted, `after-${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(4);
    await after.quit();
  });
});
