import { describe, expect, it } from 'vitest';
import { requiredEnginesOnRedisCluster } from '../support/config.js';
import { keysByPrimary } from '../support/engines/pub-sub-gateways.js';
import { runSessionsAcrossGateways } from './sessions-across-gateways.js';

// Sessions (a session's key and its user's set in different slots), change notices and the
// Socket.IO adapter (sharded, a channel per room) on a Redis Cluster of three primaries.
const run = runSessionsAcrossGateways('a Redis Cluster', requiredEnginesOnRedisCluster());

describe('the sessions above', () => {
  it('were kept on the Redis Cluster', async () => {
    const keys = await keysByPrimary(run.redisPrefix);
    expect(keys.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
  });
});
