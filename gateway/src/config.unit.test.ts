import { describe, expect, it, vi } from 'vitest';
import { loadConfig, loadWorkerConfig } from './config.js';

const machine = vi.hoisted(() => ({ cores: 8 }));
vi.mock('node:os', async (original) => ({ ...(await original<typeof import('node:os')>()), availableParallelism: () => machine.cores }));

describe('the Kafka topic settings', () => {
  it('default to production values: three replicas, two in sync, two at least, every record kept, gzip', () => {
    const config = loadWorkerConfig({});
    expect([config.KAFKA_PARTITIONS, config.KAFKA_REPLICATION_FACTOR, config.KAFKA_MIN_INSYNC_REPLICAS, config.KAFKA_MIN_REPLICATION_FACTOR]).toEqual([12, 3, 2, 2]);
    expect([config.KAFKA_RETENTION_MS, config.KAFKA_COMPRESSION]).toEqual([-1, 'gzip']);
  });

  it("take the local broker's single replica when all three say so", () => {
    const config = loadWorkerConfig({ KAFKA_REPLICATION_FACTOR: '1', KAFKA_MIN_REPLICATION_FACTOR: '1', KAFKA_MIN_INSYNC_REPLICAS: '1', KAFKA_RETENTION_MS: '604800000', KAFKA_COMPRESSION: 'none' });
    expect([config.KAFKA_REPLICATION_FACTOR, config.KAFKA_RETENTION_MS, config.KAFKA_COMPRESSION]).toEqual([1, 604_800_000, 'none']);
  });

  it('refuse a replication factor below the configured minimum', () => {
    expect(() => loadWorkerConfig({ KAFKA_REPLICATION_FACTOR: '1', KAFKA_MIN_INSYNC_REPLICAS: '1' })).toThrow('KAFKA_REPLICATION_FACTOR: must be at least KAFKA_MIN_REPLICATION_FACTOR (2)');
  });

  it('refuse more in-sync replicas than replicas: no append could be acknowledged', () => {
    expect(() => loadWorkerConfig({ KAFKA_MIN_INSYNC_REPLICAS: '4' })).toThrow(/KAFKA_MIN_INSYNC_REPLICAS: must be at most KAFKA_REPLICATION_FACTOR \(3\)/);
  });

  it('refuse a codec kafkajs cannot read without a codec package', () => {
    expect(() => loadWorkerConfig({ KAFKA_COMPRESSION: 'zstd' })).toThrow(/KAFKA_COMPRESSION/);
  });

  it("hold for the gateway's configuration too, which extends the engines'", () => {
    expect(() => loadConfig({ KAFKA_MIN_REPLICATION_FACTOR: '5' })).toThrow('KAFKA_REPLICATION_FACTOR: must be at least KAFKA_MIN_REPLICATION_FACTOR (5)');
  });
});

describe('the ledger dedup window', () => {
  it('keeps applied event ids 7 days by default, past a producer retry and a gateway brought back with its spool', () => {
    expect(loadWorkerConfig({}).LEDGER_DEDUP_WINDOW_MS).toBe(7 * 86_400_000);
    expect(loadConfig({ LEDGER_DEDUP_WINDOW_MS: '86400000' }).LEDGER_DEDUP_WINDOW_MS).toBe(86_400_000);
  });

  it('refuses a window under an hour: ids would be forgotten while a producer may still retry', () => {
    expect(() => loadWorkerConfig({ LEDGER_DEDUP_WINDOW_MS: '60000' })).toThrow(/LEDGER_DEDUP_WINDOW_MS/);
  });
});

describe('REDIS_CLUSTER_NODES', () => {
  it('lists the nodes of a Redis Cluster as ioredis takes them', () => {
    expect(loadWorkerConfig({ REDIS_CLUSTER_NODES: ' redis-1:7000,10.0.0.2:7001 ' }).REDIS_CLUSTER_NODES).toEqual([
      { host: 'redis-1', port: 7000 },
      { host: '10.0.0.2', port: 7001 },
    ]);
    expect(loadWorkerConfig({ REDIS_CLUSTER_NODES: '' }).REDIS_CLUSTER_NODES).toBeUndefined();
  });

  it('refuses a node without its port', () => {
    expect(() => loadWorkerConfig({ REDIS_CLUSTER_NODES: 'redis-1:7000,redis-2' })).toThrow('REDIS_CLUSTER_NODES: must list host:port,host:port');
  });

  it('refuses to start with REDIS_URL too: one Redis or a Cluster, not both', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_CLUSTER_NODES: '127.0.0.1:7000' })).toThrow('set REDIS_URL (one Redis) or REDIS_CLUSTER_NODES (a Redis Cluster), not both');
  });
});

describe("the embedded ledger's thread", () => {
  it('is on by default when the machine has more than one core, off on one', () => {
    machine.cores = 2;
    expect(loadWorkerConfig({}).EMBEDDED_LEDGER_THREAD).toBe(true);
    machine.cores = 1;
    expect(loadWorkerConfig({}).EMBEDDED_LEDGER_THREAD).toBe(false);
    expect(loadWorkerConfig({ EMBEDDED_LEDGER_THREAD: 'true' }).EMBEDDED_LEDGER_THREAD).toBe(true);
    machine.cores = 8;
  });

  it('is what the variable says when it is set', () => {
    expect(loadWorkerConfig({ EMBEDDED_LEDGER_THREAD: 'false' }).EMBEDDED_LEDGER_THREAD).toBe(false);
    expect(loadWorkerConfig({ EMBEDDED_LEDGER_THREAD: 'true' }).EMBEDDED_LEDGER_THREAD).toBe(true);
  });
});

describe("the embedded ingestion's thread", () => {
  it('is on by default when the machine has more than one core, off on one, and what the variable says when set', () => {
    machine.cores = 2;
    expect(loadWorkerConfig({}).EMBEDDED_INGESTION_THREAD).toBe(true);
    machine.cores = 1;
    expect(loadWorkerConfig({}).EMBEDDED_INGESTION_THREAD).toBe(false);
    expect(loadWorkerConfig({ EMBEDDED_INGESTION_THREAD: 'true' }).EMBEDDED_INGESTION_THREAD).toBe(true);
    machine.cores = 8;
    expect(loadWorkerConfig({ EMBEDDED_INGESTION_THREAD: 'false' }).EMBEDDED_INGESTION_THREAD).toBe(false);
  });
});
