import { Cluster } from 'ioredis';
import { afterAll } from 'vitest';
import { requiredRedisClusterNodes } from '../../../../test/support/config.js';
import { runLeasesContract } from '../../../ports/hot-state/leases.contract.js';
import { RedisLeases } from './leases.js';

const connections = [0, 1, 2].map(() => new Cluster(requiredRedisClusterNodes()));
afterAll(() => Promise.all(connections.map((c) => c.quit())));
const prefix = `tg-leases-${process.pid}:`;

// Three gateways, each with its own Cluster client: renew's one declared key routes it.
runLeasesContract('redis-cluster', () => connections.map((c) => new RedisLeases(c, prefix)));
