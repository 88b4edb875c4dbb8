import { Cluster } from 'ioredis';
import { afterAll } from 'vitest';
import { requiredRedisClusterNodes } from '../../../../test/support/config.js';
import { runOneTimeCodesContract } from '../../../ports/hot-state/one-time-codes.contract.js';
import { RedisOneTimeCodes } from './one-time-codes.js';

const connections = [new Cluster(requiredRedisClusterNodes()), new Cluster(requiredRedisClusterNodes())];
afterAll(() => Promise.all(connections.map((c) => c.quit())));
const prefix = `tg-codes-${process.pid}:`;

// Two gateways, each with its own Cluster client: the redeem script's one declared key routes it.
runOneTimeCodesContract('redis-cluster', () => connections.map((c) => new RedisOneTimeCodes(c, prefix)));
