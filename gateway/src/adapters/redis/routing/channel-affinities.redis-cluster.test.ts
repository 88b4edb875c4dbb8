import { Cluster } from 'ioredis';
import { afterAll } from 'vitest';
import { requiredRedisClusterNodes } from '../../../../test/support/config.js';
import { runChannelAffinitiesContract } from '../../../ports/hot-state/channel-affinities.contract.js';
import { RedisChannelAffinities } from './channel-affinities.js';

const connections = [0, 1].map(() => new Cluster(requiredRedisClusterNodes()));
afterAll(() => Promise.all(connections.map((c) => c.quit())));
const prefix = `tg-affinity-${process.pid}:`;

// Two gateways, each with its own Cluster client: every command names one key, so any slot serves it.
runChannelAffinitiesContract('redis-cluster', () => connections.map((c) => new RedisChannelAffinities(c, prefix, (error) => console.error(error))));
