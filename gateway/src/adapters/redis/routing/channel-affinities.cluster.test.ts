import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { requiredRedisUrl } from '../../../../test/support/config.js';
import { runChannelAffinitiesContract } from '../../../ports/hot-state/channel-affinities.contract.js';
import { RedisChannelAffinities } from './channel-affinities.js';

const connections = [new Redis(requiredRedisUrl()), new Redis(requiredRedisUrl())];
afterAll(() => Promise.all(connections.map((c) => c.quit())));
const prefix = `tg-affinity-${process.pid}:`;

// Two gateways, each on its own connection.
runChannelAffinitiesContract('redis', () => connections.map((c) => new RedisChannelAffinities(c, prefix, (error) => console.error(error))));
