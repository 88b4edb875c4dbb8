import { Cluster } from 'ioredis';
import { afterAll } from 'vitest';
import { requiredRedisClusterNodes } from '../../../../test/support/config.js';
import { runRateLimiterContract } from '../../../ports/hot-state/rate-limiter.contract.js';
import { redisRateLimiters } from './rate-limiter.js';

const cluster = new Cluster(requiredRedisClusterNodes());
afterAll(() => cluster.quit());

runRateLimiterContract('redis-cluster', redisRateLimiters(cluster, `tg-test-${process.pid}:`));
