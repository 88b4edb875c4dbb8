import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../config.js';
import { requireSharedEngines } from './require-engines.js';

const engines = { KAFKA_BROKERS: 'kafka:9092', MONGODB_URI: 'mongodb://mongo/tollgate' };

describe('a role beside other processes', () => {
  it('takes a Redis Cluster for its shared Redis', () => {
    expect(() => requireSharedEngines('gateway', loadWorkerConfig({ ...engines, REDIS_CLUSTER_NODES: 'redis-1:7000' }), ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS'])).not.toThrow();
    expect(() => requireSharedEngines('gateway', loadWorkerConfig({ ...engines, REDIS_URL: 'redis://redis:6379' }), ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS'])).not.toThrow();
  });

  it('refuses to start without either, naming both', () => {
    expect(() => requireSharedEngines('ledger', loadWorkerConfig(engines), ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS'])).toThrow('The ledger role runs beside other processes and needs the shared engines: set REDIS_URL (or REDIS_CLUSTER_NODES)');
  });
});
