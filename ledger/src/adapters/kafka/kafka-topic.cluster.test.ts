import { randomBytes } from 'node:crypto';
import { type Admin, ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredEngine } from '../../testing/cluster-engines.js';
import { quotaGranted, usageRecorded } from '../../testing/event-builders.js';
import { createKafkaEventLog, type KafkaEventLogOptions, parseBrokers } from './kafka-event-log.js';
import { TopicRefusedError } from './kafka-topic.js';
import type { TopicSettings } from './topic-settings.js';

const brokers = parseBrokers(requiredEngine('KAFKA_BROKERS'));
const newTopic = () => `tg-topic-${randomBytes(4).toString('hex')}`;
/** What the single local broker allows, with a retention and codec unlike the broker's defaults. */
const settings: TopicSettings = { partitions: 3, replicationFactor: 1, minReplicationFactor: 1, minInsyncReplicas: 1, retentionMs: 123_456_789, compression: 'gzip' };

let admin: Admin;

beforeAll(async () => {
  admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
});

afterAll(async () => {
  await admin?.disconnect();
});

/** The topic as the broker describes it: partitions, replicas per partition, and its topic-level configs. */
async function readBack(topic: string) {
  const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
  const { resources } = await admin.describeConfigs({ includeSynonyms: false, resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }] });
  const configs = Object.fromEntries((resources[0]?.configEntries ?? []).map((entry) => [entry.configName, entry.configValue]));
  const partitions = topics[0]?.partitions ?? [];
  return {
    partitions: partitions.length,
    replicas: [...new Set(partitions.map((p) => p.replicas.length))],
    configs: { 'retention.ms': configs['retention.ms'], 'compression.type': configs['compression.type'], 'min.insync.replicas': configs['min.insync.replicas'] },
  };
}

/** Opens a log on `topic`, lets `use` touch it, and returns every topic warning it gave. */
async function withLog(options: Omit<KafkaEventLogOptions, 'brokers' | 'onTopicWarning'>, use: (log: ReturnType<typeof createKafkaEventLog>) => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const log = createKafkaEventLog({ brokers, ...options, onTopicWarning: (message) => void warnings.push(message) });
  try {
    await use(log);
  } finally {
    await log.close();
  }
  return warnings;
}

describe('the ledger topic', () => {
  it('is created with exactly the configured partitions, replicas, retention, compression and min.insync.replicas', async () => {
    const topic = newTopic();
    const warnings = await withLog({ topic, ...settings }, async (log) => {
      await log.append([quotaGranted({ userId: 1 })]);
    });
    expect(warnings).toEqual([]);
    expect(await readBack(topic)).toEqual({ partitions: 3, replicas: [1], configs: { 'retention.ms': '123456789', 'compression.type': 'gzip', 'min.insync.replicas': '1' } });
  });

  it("takes 'none' as uncompressed and -1 as records kept for ever, and its events read back", async () => {
    const topic = newTopic();
    const read: number[] = [];
    await withLog({ topic, ...settings, compression: 'none', retentionMs: -1 }, async (log) => {
      await log.append([usageRecorded({ userId: 7 })]);
      for await (const stored of log.readAll()) read.push((stored.event as ReturnType<typeof usageRecorded>).data.userId);
    });
    expect(read).toEqual([7]);
    expect((await readBack(topic)).configs).toEqual({ 'retention.ms': '-1', 'compression.type': 'uncompressed', 'min.insync.replicas': '1' });
  });

  it('found with other settings, is left as it is, and the log says which settings differ, found vs configured, once', async () => {
    const topic = newTopic();
    await withLog({ topic, ...settings }, (log) => log.ensureTopic());
    const other: TopicSettings = { ...settings, partitions: 6, retentionMs: 604_800_000, compression: 'none' };
    const warnings = await withLog({ topic, ...other }, async (log) => {
      await log.append([quotaGranted({ userId: 1 })]);
      await log.append([quotaGranted({ userId: 2 })]);
    });
    expect(warnings).toEqual([
      `Kafka topic ${topic} exists with other settings than configured (left as they are): ` +
        'partitions is 3, configured 6; retention.ms is 123456789, configured 604800000; compression.type is gzip, configured uncompressed',
    ]);
    expect(await readBack(topic)).toEqual({ partitions: 3, replicas: [1], configs: { 'retention.ms': '123456789', 'compression.type': 'gzip', 'min.insync.replicas': '1' } });
  });

  it('found as configured, gives no warning', async () => {
    const topic = newTopic();
    await withLog({ topic, ...settings }, (log) => log.ensureTopic());
    expect(await withLog({ topic, ...settings }, (log) => log.ensureTopic())).toEqual([]);
  });

  it('found with fewer replicas than the configured minimum, is refused: no append, no subscription', async () => {
    const topic = newTopic();
    await withLog({ topic, ...settings }, (log) => log.ensureTopic());
    await withLog({ topic, ...settings, replicationFactor: 2, minReplicationFactor: 2, minInsyncReplicas: 2 }, async (log) => {
      const refusal = `Kafka topic ${topic} has a replication factor of 1, below KAFKA_MIN_REPLICATION_FACTOR=2: refusing to start`;
      await expect(log.ensureTopic()).rejects.toThrow(TopicRefusedError);
      await expect(log.append([quotaGranted({ userId: 1 })])).rejects.toThrow(refusal);
      await expect(log.subscribe('refused', async () => {})).rejects.toThrow(refusal);
    });
    const offsets = await admin.fetchTopicOffsets(topic);
    expect(offsets.reduce((sum, p) => sum + Number(p.high), 0)).toBe(0);
  });

  it("asked for more replicas than there are brokers, fails with the settings and the broker's reason", async () => {
    const topic = newTopic();
    await withLog({ topic, ...settings, replicationFactor: 3 }, async (log) => {
      await expect(log.ensureTopic()).rejects.toThrow(`Kafka topic ${topic} could not be created with 3 partitions and replication factor 3: Replication-factor is invalid`);
    });
  });
});
