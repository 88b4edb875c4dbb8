import { describe, expect, it } from 'vitest';
import { requiredEnginesOnRedisCluster } from '../support/config.js';
import { keysByPrimary } from '../support/engines/pub-sub-gateways.js';
import { runAdmissionBurstAcrossGateways } from './admission-burst-across-gateways.js';

// The same bursts with the gateways' and the ledger's Redis a Redis Cluster of three primaries:
// each user's holds and balance mirror in one slot, their scripts routed by their declared keys.
const run = runAdmissionBurstAcrossGateways('a Redis Cluster', requiredEnginesOnRedisCluster());

describe('the bursts above', () => {
  it("kept their hot state on the Redis Cluster, spread over its primaries by user", async () => {
    const keys = await keysByPrimary(run.redisPrefix);
    expect(keys.filter((count) => count > 0).length).toBeGreaterThanOrEqual(2);
  });
});
