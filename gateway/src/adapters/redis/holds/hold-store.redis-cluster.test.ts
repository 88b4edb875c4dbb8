import { Cluster } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { requiredRedisClusterNodes } from '../../../../test/support/config.js';
import { runHoldStoreContract } from '../../../ports/hot-state/hold-store.contract.js';
import { createRedisHoldStore } from './hold-store.js';

const cluster = new Cluster(requiredRedisClusterNodes());
const secondGateway = new Cluster(requiredRedisClusterNodes());
afterAll(() => Promise.all([cluster.quit(), secondGateway.quit()]));
let run = 0;

// Each case under its own prefix; every user's keys share one slot, so each script runs on one node.
runHoldStoreContract('redis-cluster', async () => createRedisHoldStore(cluster, `tg-holds-${process.pid}-${run++}:`));

describe('holds on a Redis Cluster', () => {
  it("spreads users over every master, and one ledger batch over many users settles each on its own node", async () => {
    const prefix = `tg-spread-${process.pid}:`;
    const gateways = [createRedisHoldStore(cluster, prefix), createRedisHoldStore(secondGateway, prefix)];
    const userIds = Array.from({ length: 24 }, (_, i) => i + 1);
    const user = (userId: number, quota: number) => ({ userId, quota, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 });
    await gateways[0]!.seed(userIds.map((id) => user(id, 100)), userIds.map((id) => ({ tokenId: id * 10, userId: id, remainQuota: 0, usedQuota: 0, unlimited: true })));
    const slots = await Promise.all(userIds.map((id) => cluster.cluster('KEYSLOT', `${prefix}{u${id}}:exp`) as Promise<number>));
    const masters = new Set(slots.map((slot) => cluster.slots[slot]?.[0]));
    expect(masters.size).toBe(cluster.nodes('master').length);
    const grants = await Promise.all(userIds.flatMap((id) => [0, 1, 2].map((n) => gateways[n % 2]!.acquire({ holdId: `h${id}-${n}`, userId: id, tokenId: id * 10, least: 40, most: 40, ttlMs: 60_000 }))));
    expect(grants.filter((g) => g.ok)).toHaveLength(userIds.length * 2);
    await gateways[1]!.applyLedgerChanges({
      users: userIds.map((id) => user(id, 20)),
      tokens: [],
      channels: [],
      settledHolds: userIds.flatMap((id) => [0, 1, 2].map((n) => ({ holdId: `h${id}-${n}`, userId: id }))),
      appliedEvents: [],
    });
    expect(await Promise.all(userIds.map((id) => gateways[0]!.available(id)))).toEqual(userIds.map(() => 20));
  });
});
