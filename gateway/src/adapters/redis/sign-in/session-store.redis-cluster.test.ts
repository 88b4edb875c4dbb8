import { Cluster } from 'ioredis';
import { afterAll } from 'vitest';
import { requiredRedisClusterNodes } from '../../../../test/support/config.js';
import { runSessionStoreContract } from '../../../ports/hot-state/session-store.contract.js';
import { RedisSessionStore } from './session-store.js';

const connections = [new Cluster(requiredRedisClusterNodes()), new Cluster(requiredRedisClusterNodes())];
afterAll(() => Promise.all(connections.map((c) => c.quit())));
const prefix = `tg-sessions-${process.pid}:`;

// Two gateways, each with its own Cluster client: a session's key and its user's set lie in different slots.
runSessionStoreContract('redis-cluster', () => connections.map((c) => new RedisSessionStore(c, prefix)));
