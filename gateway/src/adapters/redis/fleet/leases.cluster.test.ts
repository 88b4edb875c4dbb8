import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { requiredRedisUrl } from '../../../../test/support/config.js';
import { runLeasesContract } from '../../../ports/hot-state/leases.contract.js';
import { RedisLeases } from './leases.js';

const connections = [new Redis(requiredRedisUrl()), new Redis(requiredRedisUrl()), new Redis(requiredRedisUrl())];
afterAll(() => Promise.all(connections.map((c) => c.quit())));
const prefix = `tg-leases-${process.pid}:`;

// Three gateways, each on its own connection.
runLeasesContract('redis', () => connections.map((c) => new RedisLeases(c, prefix)));
