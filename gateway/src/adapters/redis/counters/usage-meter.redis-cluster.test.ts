import { Cluster } from 'ioredis';
import { afterAll } from 'vitest';
import { requiredRedisClusterNodes } from '../../../../test/support/config.js';
import { runUsageMeterContract } from '../../../ports/hot-state/usage-meter.contract.js';
import { RedisUsageMeter } from './usage-meter.js';

const cluster = new Cluster(requiredRedisClusterNodes());
afterAll(() => cluster.quit());
let run = 0;

// Each case counts under its own prefix; a minute's buckets share a slot, so each pipeline has one node.
runUsageMeterContract('redis-cluster', async () => new RedisUsageMeter(cluster, `tg-meter-${process.pid}-${run++}:`));
