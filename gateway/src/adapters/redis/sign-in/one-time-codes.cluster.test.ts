import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { requiredRedisUrl } from '../../../../test/support/config.js';
import { runOneTimeCodesContract } from '../../../ports/hot-state/one-time-codes.contract.js';
import { RedisOneTimeCodes } from './one-time-codes.js';

const connections = [new Redis(requiredRedisUrl()), new Redis(requiredRedisUrl())];
afterAll(() => Promise.all(connections.map((c) => c.quit())));
const prefix = `tg-codes-${process.pid}:`;

// Two gateways, each on its own connection.
runOneTimeCodesContract('redis', () => connections.map((c) => new RedisOneTimeCodes(c, prefix)));
