import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivateRedisCluster, startPrivateRedisCluster } from '../../../../test/support/engines/private-redis-cluster.js';
import { runHoldStoreContract } from '../../../ports/hot-state/hold-store.contract.js';
import { createRedisHoldStore } from './hold-store.js';

/**
 * Holds confirmed by a replica (REDIS_HOLD_REPLICAS=1): a hold the replica has is not lost when its
 * primary dies, and one it does not have in time is given back and refused. On a Redis Cluster of
 * this file's own (3 primaries, 3 replicas), as its nodes are stopped and killed.
 */
let redis: PrivateRedisCluster;
let client: Cluster;
let run = 0;
const USER = 7;
const confirmed = (prefix: string) => createRedisHoldStore(client, prefix, { replicas: 1, timeoutMs: 1_000 });
const user = (quota: number) => [{ userId: USER, quota, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }];
const token = [{ tokenId: 70, userId: USER, remainQuota: 0, usedQuota: 0, unlimited: true }];
const hold = (holdId: string, amount: number) => ({ holdId, userId: USER, tokenId: 70, least: amount, most: amount, ttlMs: 60_000 });

beforeAll(async () => {
  redis = await startPrivateRedisCluster({ primaries: 3, replicasEach: 1, nodeTimeoutMs: 1_000 });
  client = new Cluster(redis.nodes.split(',').map((node) => ({ host: '127.0.0.1', port: Number(node.split(':')[1]) })));
}, 60_000);
afterAll(async () => {
  client?.disconnect();
  await redis?.close();
});

runHoldStoreContract('redis-cluster, each hold confirmed by a replica', async () => confirmed(`tg-confirmed-${run++}:`));

describe('a hold confirmed by a replica', () => {
  it('is given back and refused when the replica does not have it in time', async () => {
    const prefix = `tg-unconfirmed-${run++}:`;
    const store = confirmed(prefix);
    await store.seed(user(1_000), token);
    const replica = await redis.replicaOf(await redis.primaryOf(`${prefix}{u${USER}}:`));
    redis.pause(replica);
    try {
      expect(await store.acquire(hold('unconfirmed', 400))).toEqual({ ok: false, reason: 'unconfirmed' });
      expect(await store.available(USER)).toBe(1_000);
    } finally {
      redis.resume(replica);
    }
    expect(await store.acquire(hold('confirmed', 400))).toEqual({ ok: true, granted: 400 });
  });

  it('outlives its primary: the replica that takes over still sets its amount aside', async () => {
    const prefix = `tg-failover-${run++}:`;
    const store = confirmed(prefix);
    await store.seed(user(1_000), token);
    expect(await store.acquire(hold('kept', 700))).toEqual({ ok: true, granted: 700 });
    const primary = await redis.primaryOf(`${prefix}{u${USER}}:`);
    const replica = await redis.replicaOf(primary);
    await redis.kill(primary);
    await redis.untilPrimary(replica);
    expect(await store.available(USER)).toBe(300);
    expect(await store.acquire(hold('more', 400))).toEqual({ ok: false, reason: 'user_quota' });
  }, 60_000);
});
