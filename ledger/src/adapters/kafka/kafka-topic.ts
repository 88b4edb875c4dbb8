import kafkajs, { type Admin } from 'kafkajs';
import { compareTopicSettings, describeMismatches, type FoundTopic, replicationRefusal, type TopicSettings, topicConfigEntries } from './topic-settings.js';

// kafkajs is CommonJS, and Node's ESM loader finds no named export after its `CompressionTypes: Compression.Types`.
const { ConfigResourceTypes } = kafkajs;

/** Thrown when the topic exists with fewer replicas than the configured minimum: the role must not start. */
export class TopicRefusedError extends Error {
  override readonly name = 'TopicRefusedError';
}

/** kafkajs says only "Topic creation errors"; the broker's reasons (e.g. "Replication-factor is invalid") are inside. */
function brokerReasons(error: unknown): string {
  const inner = (error as { errors?: unknown }).errors;
  const reasons = Array.isArray(inner) ? inner.map((each) => (each instanceof Error ? each.message : String(each))) : [];
  return reasons.length > 0 ? reasons.join('; ') : error instanceof Error ? error.message : String(error);
}

/** The existing topic's layout (metadata) and topic-level configs (describeConfigs). */
async function describeTopic(admin: Admin, topic: string): Promise<FoundTopic> {
  const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
  const partitions = topics[0]?.partitions ?? [];
  const { resources } = await admin.describeConfigs({ includeSynonyms: false, resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }] });
  const entries = resources[0]?.configEntries ?? [];
  return {
    partitions: partitions.length,
    replicationFactor: Math.min(...partitions.map((p) => p.replicas.length)),
    configs: Object.fromEntries(entries.map((entry) => [entry.configName, entry.configValue])),
  };
}

/**
 * Creates `topic` with `wanted` (undefined settings: the broker's defaults). When it already exists,
 * nothing is changed: a replication factor below the minimum is refused (TopicRefusedError), any
 * other difference is reported through `warn`, once, naming each setting found vs configured.
 * Partitions are never added here: that would move users' keys and break their events' order.
 */
export async function createOrCheckTopic(admin: Admin, topic: string, wanted: Partial<TopicSettings>, warn: (message: string) => void): Promise<void> {
  const created = await admin
    .createTopics({
      waitForLeaders: true,
      topics: [{ topic, numPartitions: wanted.partitions ?? -1, replicationFactor: wanted.replicationFactor ?? -1, configEntries: topicConfigEntries(wanted) }],
    })
    .catch((error: unknown) => {
      throw new Error(`Kafka topic ${topic} could not be created with ${wanted.partitions ?? "the broker's default"} partitions and replication factor ${wanted.replicationFactor ?? "the broker's default"}: ${brokerReasons(error)}`, { cause: error });
    });
  if (created) return;
  const found = await describeTopic(admin, topic);
  const refusal = replicationRefusal(topic, found, wanted.minReplicationFactor ?? 1);
  if (refusal) throw new TopicRefusedError(refusal);
  const mismatches = compareTopicSettings(wanted, found);
  if (mismatches.length > 0) warn(describeMismatches(topic, mismatches));
}
