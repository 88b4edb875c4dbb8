import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import type { StoredEvent } from '../../ports/event-log.js';
import { toStoredEvent } from './kafka-subscription.js';

/**
 * Reads the topic from its start up to the end it had when the read began, with a throwaway
 * consumer group that commits nothing. For audits and rebuilds, run while producers are quiet;
 * the events are gathered in memory and yielded in offset order per partition.
 */
export async function* readWholeTopic(kafka: Kafka, topic: string): AsyncIterable<StoredEvent> {
  const admin = kafka.admin();
  await admin.connect();
  const group = `tollgate-read-${randomUUID()}`;
  try {
    const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, Number(p.high)]));
    const pending = new Set([...ends].filter(([, high]) => high > 0).map(([partition]) => partition));
    const events: StoredEvent[] = [];
    if (pending.size > 0) await consumeUntil(kafka, topic, group, ends, pending, events);
    events.sort((a, b) => a.partition - b.partition || a.offset - b.offset);
    yield* events;
  } finally {
    await admin.deleteGroups([group]).catch(() => {}); // it committed nothing; this only tidies the broker
    await admin.disconnect();
  }
}

async function consumeUntil(kafka: Kafka, topic: string, group: string, ends: Map<number, number>, pending: Set<number>, events: StoredEvent[]): Promise<void> {
  const consumer = kafka.consumer({ groupId: group, allowAutoTopicCreation: false, maxWaitTimeInMs: 200 });
  let finish: () => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  try {
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatch: async ({ batch }) => {
        const end = ends.get(batch.partition) ?? 0;
        try {
          for (const message of batch.messages) if (Number(message.offset) < end) events.push(toStoredEvent(batch.partition, message));
        } catch (error) {
          fail(error);
          return;
        }
        if (Number(batch.lastOffset()) >= end - 1) pending.delete(batch.partition);
        if (pending.size === 0) finish();
      },
    });
    await done;
  } finally {
    await consumer.disconnect();
  }
}
