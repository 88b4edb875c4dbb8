import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { requiredRedisUrl } from '../../../test/support/config.js';
import { runSessionStoreContract } from '../../ports/session-store.contract.js';
import { RedisSessionStore } from './session-store.js';

const connections = [new Redis(requiredRedisUrl()), new Redis(requiredRedisUrl())];
afterAll(() => Promise.all(connections.map((c) => c.quit())));
const prefix = `tg-sessions-${process.pid}:`;

// Two gateways, each on its own connection.
runSessionStoreContract('redis', () => connections.map((c) => new RedisSessionStore(c, prefix)));
