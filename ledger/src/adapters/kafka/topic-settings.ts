/**
 * What the ledger topic should look like, and how a topic found on the broker differs from it.
 * Pure: kafka-topic.ts reads the broker and acts on the differences.
 */

/**
 * The codecs kafkajs reads and writes without a codec package: a topic compressed otherwise
 * (lz4, zstd, snappy) would be rewritten by the broker into batches kafkajs consumers cannot read.
 */
export type TopicCompression = 'gzip' | 'none';

export interface TopicSettings {
  partitions: number;
  replicationFactor: number;
  /** Below this many replicas an existing topic is refused: one lost disk would lose the ledger. */
  minReplicationFactor: number;
  /** `min.insync.replicas`: the replicas an acks=all append waits for. */
  minInsyncReplicas: number;
  /** `retention.ms`; -1 keeps every record. */
  retentionMs: number;
  compression: TopicCompression;
}

/** What the broker says about an existing topic: its layout and its topic-level configs. */
export interface FoundTopic {
  partitions: number;
  /** The fewest replicas any of its partitions has. */
  replicationFactor: number;
  /** Config name to value, as describeConfigs returns them (broker defaults included). */
  configs: Record<string, string>;
}

export interface TopicMismatch {
  setting: string;
  found: string;
  wanted: string;
}

/** Kafka's name for each codec in `compression.type`. */
const COMPRESSION_TYPE: Record<TopicCompression, string> = { gzip: 'gzip', none: 'uncompressed' };

/**
 * The topic-level configs Tollgate sets when it creates the topic, and checks when it finds one;
 * a setting left undefined is the broker's default, neither set nor checked.
 */
export function topicConfigEntries(settings: Partial<TopicSettings>): Array<{ name: string; value: string }> {
  const entries: Array<[string, string | undefined]> = [
    ['min.insync.replicas', settings.minInsyncReplicas?.toString()],
    ['retention.ms', settings.retentionMs?.toString()],
    ['compression.type', settings.compression && COMPRESSION_TYPE[settings.compression]],
  ];
  return entries.flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }]));
}

/** Every setting of `found` that differs from a defined one of `wanted`, in a stable order (layout first). */
export function compareTopicSettings(wanted: Partial<TopicSettings>, found: FoundTopic): TopicMismatch[] {
  const mismatches: TopicMismatch[] = [];
  const layout: Array<[string, number, number | undefined]> = [
    ['partitions', found.partitions, wanted.partitions],
    ['replication factor', found.replicationFactor, wanted.replicationFactor],
  ];
  for (const [setting, has, wants] of layout) {
    if (wants !== undefined && has !== wants) mismatches.push({ setting, found: String(has), wanted: String(wants) });
  }
  for (const { name, value } of topicConfigEntries(wanted)) {
    const has = found.configs[name];
    if (has !== value) mismatches.push({ setting: name, found: has ?? '(not reported)', wanted: value });
  }
  return mismatches;
}

/** One line naming each differing setting, found vs wanted. */
export function describeMismatches(topic: string, mismatches: TopicMismatch[]): string {
  const each = mismatches.map((m) => `${m.setting} is ${m.found}, configured ${m.wanted}`).join('; ');
  return `Kafka topic ${topic} exists with other settings than configured (left as they are): ${each}`;
}

/** Why a topic with too few replicas is refused, or undefined when it has enough. */
export function replicationRefusal(topic: string, found: Pick<FoundTopic, 'replicationFactor'>, minimum: number): string | undefined {
  if (found.replicationFactor >= minimum) return undefined;
  return (
    `Kafka topic ${topic} has a replication factor of ${found.replicationFactor}, below KAFKA_MIN_REPLICATION_FACTOR=${minimum}: ` +
    'refusing to start (one broker lost would lose ledger events). Raise its replication (kafka-reassign-partitions) or lower the minimum.'
  );
}
