import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { requiredRedisUrl } from '../../../../test/support/config.js';
import { runUsageMeterContract } from '../../../ports/hot-state/usage-meter.contract.js';
import { RedisUsageMeter } from './usage-meter.js';

const redis = new Redis(requiredRedisUrl());
afterAll(() => redis.quit());
let run = 0;

// Each case counts under its own prefix, so cases never see each other's calls.
runUsageMeterContract('redis', async () => new RedisUsageMeter(redis, `tg-meter-${process.pid}-${run++}:`));
