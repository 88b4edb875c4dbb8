import { describe, expect, it } from 'vitest';
import { requiredEnginesOnRedisCluster } from '../support/config.js';
import { keysByPrimary } from '../support/engines/pub-sub-gateways.js';
import { runClusterMode } from './cluster-mode.js';

// The same cluster on a Redis Cluster of three primaries: holds, the meter, one-time codes and
// leases by slot; change notices and the consoles' live pushes (Socket.IO's sharded adapter) over
// sharded pub/sub.
const run = runClusterMode('a Redis Cluster', requiredEnginesOnRedisCluster());

describe('the cluster above', () => {
  it('kept its hot state on the Redis Cluster, over more than one primary', async () => {
    const keys = await keysByPrimary(run.redisPrefix);
    expect(keys.filter((count) => count > 0).length).toBeGreaterThanOrEqual(2);
  });
});
