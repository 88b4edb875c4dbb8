import { randomUUID } from 'node:crypto';
import type { Admin, Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type { StoredEvent } from '../../ports/event-log.js';
import { BatchQueue } from './batch-queue.js';
import { toStoredEvent } from './kafka-subscription.js';

export interface TopicReadOptions {
  /** About the most events read ahead of the reader: memory stays flat whatever the topic's size. */
  bufferEvents?: number;
  /** The most bytes one fetch brings per partition, so one batch stays small too. */
  fetchBytesPerPartition?: number;
}

const DEFAULT_BUFFER_EVENTS = 2_000;
const DEFAULT_FETCH_BYTES_PER_PARTITION = 256 * 1024;
/** How often a consumer waiting for the reader tells the broker it is alive (well inside kafkajs' 30 s session). */
const HEARTBEAT_MS = 3_000;

/**
 * The topic's offsets, asked again a few times while the broker answers with a retriable error:
 * right after a topic is created, ListOffsets may reach a broker that is not yet the leader, and
 * kafkajs' admin client passes that error on instead of retrying it.
 */
async function topicEnds(admin: Admin, topic: string): Promise<Awaited<ReturnType<Admin['fetchTopicOffsets']>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await admin.fetchTopicOffsets(topic);
    } catch (error) {
      const retriable = (error as { retriable?: unknown }).retriable === true;
      if (!retriable || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * Reads the topic from its start up to the end it had when the read began, with a throwaway
 * consumer group that commits nothing. For audits, rebuilds and statements. The events are yielded
 * as the batches arrive, in offset order per partition (partitions interleaved), and the consumer
 * fetches only as far ahead as `bufferEvents`: a year of a busy gateway streams in flat memory.
 */
export async function* readWholeTopic(kafka: Kafka, topic: string, options: TopicReadOptions = {}): AsyncIterable<StoredEvent> {
  const admin = kafka.admin();
  await admin.connect();
  const group = `tollgate-read-${randomUUID()}`;
  const queue = new BatchQueue<StoredEvent>(options.bufferEvents ?? DEFAULT_BUFFER_EVENTS);
  let consumer: Consumer | undefined;
  try {
    const ends = new Map((await topicEnds(admin, topic)).map((p) => [p.partition, Number(p.high)]));
    const pending = new Set([...ends].filter(([, high]) => high > 0).map(([partition]) => partition));
    if (pending.size === 0) return;
    consumer = kafka.consumer({ groupId: group, allowAutoTopicCreation: false, maxWaitTimeInMs: 200, maxBytesPerPartition: options.fetchBytesPerPartition ?? DEFAULT_FETCH_BYTES_PER_PARTITION });
    await consumeInto(consumer, topic, ends, pending, queue);
    for (let batch = await queue.take(); batch !== null; batch = await queue.take()) yield* batch;
  } finally {
    queue.end(); // a reader that stopped early lets a waiting batch handler return, so the consumer can stop
    await consumer?.disconnect();
    await admin.deleteGroups([group]).catch(() => {}); // it committed nothing; this only tidies the broker
    await admin.disconnect();
  }
}

/** Starts the consumer; each batch goes into `queue`, which ends once every partition reached its end. */
async function consumeInto(consumer: Consumer, topic: string, ends: Map<number, number>, pending: Set<number>, queue: BatchQueue<StoredEvent>): Promise<void> {
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  const eachBatch = async ({ batch, heartbeat }: EachBatchPayload) => {
    const end = ends.get(batch.partition) ?? 0;
    try {
      const events = batch.messages.filter((message) => Number(message.offset) < end).map((message) => toStoredEvent(batch.partition, message));
      await queue.put(events, heartbeat, HEARTBEAT_MS);
    } catch (error) {
      queue.fail(error);
      return;
    }
    if (Number(batch.lastOffset()) >= end - 1) pending.delete(batch.partition);
    if (pending.size === 0) queue.end();
  };
  await consumer.run({ autoCommit: false, eachBatch });
}
