import { describe, expect, it, vi } from 'vitest';
import type { BatchDelivery, StoredEvent } from '../../ports/event-log.js';
import { requiredEngine } from '../../testing/cluster-engines.js';
import { usageRecorded } from '../../testing/event-builders.js';
import { createKafkaEventLog, parseBrokers } from './kafka-event-log.js';

const brokers = parseBrokers(requiredEngine('KAFKA_BROKERS'));
const EVENTS = 1_000;
const BATCH = 100;

/** Every delivery, and the most handlers that ran at once. */
function recordingHandler(failOnceAt: number | undefined) {
  const deliveries: Array<{ first: number; last: number; mayRepeat: boolean }> = [];
  let running = 0;
  let mostAtOnce = 0;
  let failed = false;
  const handler = async (batch: StoredEvent[], delivery: BatchDelivery) => {
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    try {
      await new Promise((resolve) => setTimeout(resolve, 30)); // an insert's wait, off the event loop
      const first = batch[0]?.offset ?? -1;
      deliveries.push({ first, last: batch.at(-1)?.offset ?? -1, mayRepeat: delivery.mayRepeat });
      if (!failed && first === failOnceAt) {
        failed = true;
        throw new Error('ClickHouse is down');
      }
    } finally {
      running--;
    }
  };
  return { handler, deliveries, mostAtOnce: () => mostAtOnce };
}

async function withBacklog(run: (log: ReturnType<typeof createKafkaEventLog>) => Promise<void>): Promise<void> {
  const log = createKafkaEventLog({ brokers, topic: `tg-in-flight-${process.pid}-${Date.now()}`, partitions: 1, retryBackoffMs: 50 });
  try {
    for (let i = 0; i < EVENTS; i += BATCH) await log.append(Array.from({ length: BATCH }, () => usageRecorded({ userId: 1 })));
    await run(log);
  } finally {
    await log.close();
  }
}

describe('KafkaSubscription with two batches in flight', () => {
  it('given a backlog, when delivered, then the next batch is handled while the previous one still is, never more than two, and every event is committed', async () => {
    await withBacklog(async (log) => {
      const recorder = recordingHandler(undefined);
      const subscription = await log.subscribe('in-flight', recorder.handler, { maxBatch: BATCH, lingerMs: 100, batchesInFlight: 2, onError: () => {} });
      await vi.waitFor(async () => expect(await log.lag('in-flight')).toBe(0), { timeout: 30_000, interval: 100 });
      await subscription.stop();
      expect(recorder.mostAtOnce()).toBe(2);
      expect(recorder.deliveries.map((d) => d.first).sort((a, b) => a - b)).toEqual(Array.from({ length: EVENTS / BATCH }, (_, i) => i * BATCH));
    });
  });

  it('when a batch fails while the next is in its handler, then both come again as may-repeat and nothing is committed past the failure until they succeed', async () => {
    await withBacklog(async (log) => {
      // A fresh group's backlog is may-repeat already (an earlier member could have had it): fail a
      // batch, then look at what came after it.
      const recorder = recordingHandler(3 * BATCH);
      const errors: unknown[] = [];
      const subscription = await log.subscribe('in-flight-failure', recorder.handler, { maxBatch: BATCH, lingerMs: 100, batchesInFlight: 2, onError: (error) => errors.push(error) });
      await vi.waitFor(async () => expect(await log.lag('in-flight-failure')).toBe(0), { timeout: 30_000, interval: 100 });
      await subscription.stop();
      expect(errors).toEqual([new Error('ClickHouse is down')]);
      const firsts = recorder.deliveries.map((d) => d.first);
      // The failed batch and the one handled beside it came twice; every other batch once.
      expect(firsts.filter((first) => first === 3 * BATCH)).toHaveLength(2);
      expect(firsts.filter((first) => first === 4 * BATCH)).toHaveLength(2);
      expect(new Set(firsts).size).toBe(EVENTS / BATCH);
      expect(firsts).toHaveLength(EVENTS / BATCH + 2);
      const redelivered = recorder.deliveries.slice(recorder.deliveries.findIndex((d) => d.first === 3 * BATCH) + 1).filter((d) => d.first <= 4 * BATCH);
      expect(redelivered.every((d) => d.mayRepeat)).toBe(true);
    });
  });

  it('given one batch in flight (the ledger), when delivered, then no two handlers ever run at once', async () => {
    await withBacklog(async (log) => {
      const recorder = recordingHandler(undefined);
      const subscription = await log.subscribe('one-at-a-time', recorder.handler, { maxBatch: BATCH, lingerMs: 100, onError: () => {} });
      await vi.waitFor(async () => expect(await log.lag('one-at-a-time')).toBe(0), { timeout: 30_000, interval: 100 });
      await subscription.stop();
      expect(recorder.mostAtOnce()).toBe(1);
    });
  });
});
