import { type Admin, ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClusterRun } from '../support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../support/config.js';
import { type RoleProcess, startRole } from '../support/gateways/role-process.js';

/**
 * docs/scaling.md: the ledger topic's settings as real role processes see them. The first
 * role creates the topic as configured; a role configured otherwise says so at start and goes on;
 * one that wants more replicas than the topic has at its minimum does not start.
 */
const engines = requiredClusterEngines();
const cluster = new ClusterRun(engines, { KAFKA_RETENTION_MS: '86400000' });
const roles: RoleProcess[] = [];
let admin: Admin;

const start = (overrides: Record<string, string> = {}) => {
  const role = startRole('ledger', { ...cluster.roleEnv(), ...overrides });
  roles.push(role);
  return role;
};

/** Whether `role` is still running `ms` after this call. */
const stillRunningAfter = (role: RoleProcess, ms: number) => Promise.race([role.exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), ms))]);

beforeAll(async () => {
  admin = new Kafka({ brokers: engines.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
});

afterAll(async () => {
  await Promise.all(roles.map((role) => role.stop()));
  await admin?.disconnect();
  cluster.removeDataDirs();
});

describe('the ledger topic, as the roles find it', { timeout: 120_000 }, () => {
  it('a fresh start creates it with exactly the configured partitions, retention, compression and min.insync.replicas', async () => {
    const first = start();
    await vi.waitFor(async () => expect(await admin.listTopics()).toContain(cluster.topic), { timeout: 60_000, interval: 200 });
    const { topics } = await admin.fetchTopicMetadata({ topics: [cluster.topic] });
    const { resources } = await admin.describeConfigs({ includeSynonyms: false, resources: [{ type: ConfigResourceTypes.TOPIC, name: cluster.topic }] });
    const configs = new Map((resources[0]?.configEntries ?? []).map((entry) => [entry.configName, entry.configValue]));
    expect(topics[0]?.partitions).toHaveLength(4);
    expect(topics[0]?.partitions.map((p) => p.replicas.length)).toEqual([1, 1, 1, 1]);
    expect(['retention.ms', 'compression.type', 'min.insync.replicas'].map((name) => configs.get(name))).toEqual(['86400000', 'gzip', '1']);
    expect(await stillRunningAfter(first, 1_000)).toBe(true);
    expect(first.errors()).not.toContain('KafkaTopicSettings');
  });

  it('a second role configured otherwise logs each setting found vs configured at start, and runs on', async () => {
    const second = start({ KAFKA_PARTITIONS: '6', KAFKA_RETENTION_MS: '-1', KAFKA_COMPRESSION: 'none' });
    await vi.waitFor(() => expect(second.errors()).toContain('KafkaTopicSettings'), { timeout: 60_000, interval: 200 });
    expect(second.errors()).toContain(
      `Kafka topic ${cluster.topic} exists with other settings than configured (left as they are): ` +
        'partitions is 4, configured 6; retention.ms is 86400000, configured -1; compression.type is gzip, configured uncompressed',
    );
    expect(await stillRunningAfter(second, 2_000)).toBe(true);
  });

  it('a role whose minimum replication factor the topic does not reach refuses to start', async () => {
    const refused = start({ KAFKA_REPLICATION_FACTOR: '3', KAFKA_MIN_REPLICATION_FACTOR: '2', KAFKA_MIN_INSYNC_REPLICAS: '2' });
    expect(await refused.exited).toBe(1);
    expect(refused.errors()).toContain(`Kafka topic ${cluster.topic} has a replication factor of 1, below KAFKA_MIN_REPLICATION_FACTOR=2: refusing to start`);
  });

  it('a role configured with fewer replicas than its own minimum does not start either', async () => {
    const refused = start({ KAFKA_REPLICATION_FACTOR: '1', KAFKA_MIN_REPLICATION_FACTOR: '2' });
    expect(await refused.exited).toBe(1);
    expect(refused.errors()).toContain('KAFKA_REPLICATION_FACTOR: must be at least KAFKA_MIN_REPLICATION_FACTOR (2)');
  });
});
