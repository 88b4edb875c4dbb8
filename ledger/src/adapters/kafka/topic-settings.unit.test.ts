import { describe, expect, it } from 'vitest';
import { compareTopicSettings, describeMismatches, type FoundTopic, replicationRefusal, type TopicSettings, topicConfigEntries } from './topic-settings.js';

const wanted: TopicSettings = { partitions: 12, replicationFactor: 3, minReplicationFactor: 2, minInsyncReplicas: 2, retentionMs: -1, compression: 'gzip' };
const asWanted: FoundTopic = { partitions: 12, replicationFactor: 3, configs: { 'min.insync.replicas': '2', 'retention.ms': '-1', 'compression.type': 'gzip', 'cleanup.policy': 'delete' } };

describe('topicConfigEntries', () => {
  it("names Kafka's topic configs, 'none' as Kafka's 'uncompressed'", () => {
    expect(topicConfigEntries({ ...wanted, compression: 'none' })).toEqual([
      { name: 'min.insync.replicas', value: '2' },
      { name: 'retention.ms', value: '-1' },
      { name: 'compression.type', value: 'uncompressed' },
    ]);
  });

  it("leaves a setting not given to the broker's default", () => {
    expect(topicConfigEntries({ retentionMs: 604_800_000 })).toEqual([{ name: 'retention.ms', value: '604800000' }]);
  });
});

describe('compareTopicSettings', () => {
  it('finds nothing when the topic is as configured (other configs ignored)', () => {
    expect(compareTopicSettings(wanted, asWanted)).toEqual([]);
  });

  it('names each differing setting, found vs wanted, layout first', () => {
    const found: FoundTopic = { partitions: 4, replicationFactor: 1, configs: { 'min.insync.replicas': '1', 'retention.ms': '604800000', 'compression.type': 'producer' } };
    expect(compareTopicSettings(wanted, found)).toEqual([
      { setting: 'partitions', found: '4', wanted: '12' },
      { setting: 'replication factor', found: '1', wanted: '3' },
      { setting: 'min.insync.replicas', found: '1', wanted: '2' },
      { setting: 'retention.ms', found: '604800000', wanted: '-1' },
      { setting: 'compression.type', found: 'producer', wanted: 'gzip' },
    ]);
  });

  it('reports a config the broker did not describe', () => {
    const { 'retention.ms': _dropped, ...configs } = asWanted.configs;
    expect(compareTopicSettings(wanted, { ...asWanted, configs })).toEqual([{ setting: 'retention.ms', found: '(not reported)', wanted: '-1' }]);
  });

  it('checks only the settings given', () => {
    expect(compareTopicSettings({ partitions: 4 }, { partitions: 4, replicationFactor: 1, configs: {} })).toEqual([]);
    expect(compareTopicSettings({ partitions: 4 }, { partitions: 2, replicationFactor: 1, configs: {} })).toEqual([{ setting: 'partitions', found: '2', wanted: '4' }]);
  });
});

describe('describeMismatches', () => {
  it('says the topic is left as it is and each setting found vs configured', () => {
    expect(describeMismatches('t', [{ setting: 'retention.ms', found: '604800000', wanted: '-1' }, { setting: 'partitions', found: '4', wanted: '12' }])).toBe(
      'Kafka topic t exists with other settings than configured (left as they are): retention.ms is 604800000, configured -1; partitions is 4, configured 12',
    );
  });
});

describe('replicationRefusal', () => {
  it('refuses fewer replicas than the minimum, naming both and the variable', () => {
    expect(replicationRefusal('t', { replicationFactor: 1 }, 2)).toMatch(/^Kafka topic t has a replication factor of 1, below KAFKA_MIN_REPLICATION_FACTOR=2: refusing to start/);
  });

  it('accepts the minimum and more', () => {
    expect(replicationRefusal('t', { replicationFactor: 2 }, 2)).toBeUndefined();
    expect(replicationRefusal('t', { replicationFactor: 3 }, 2)).toBeUndefined();
  });
});
