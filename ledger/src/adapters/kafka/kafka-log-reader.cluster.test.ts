import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { requiredEngine } from '../../testing/cluster-engines.js';
import { quotaGranted, usageRecorded } from '../../testing/event-builders.js';
import { createKafkaEventLog, parseBrokers } from './kafka-event-log.js';

const brokers = requiredEngine('KAFKA_BROKERS');

setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

const EVENTS = 3_000;
const CONTENT_BYTES = 16 * 1024;
const MB = 1024 * 1024;

function openLog(readBufferEvents: number) {
  const log = createKafkaEventLog({ brokers: parseBrokers(brokers ?? ''), topic: `tg-stream-${process.pid}-${Date.now()}`, partitions: 3, readBufferEvents });
  onTestFinished(() => log.close());
  return log;
}

describe('reading the whole Kafka topic (the backfill of the history) streams it', () => {
  it('feeds a pass over a ~48 MB topic holding a few MB at most: the heap does not grow with the topic', { timeout: 120_000 }, async () => {
    const log = openLog(100);
    const padding = 'x'.repeat(CONTENT_BYTES);
    for (let start = 0; start < EVENTS; start += 30) {
      await log.append(Array.from({ length: 30 }, (_, i) => quotaGranted({ userId: 1 + ((start + i) % 7), amount: 1, content: `${start + i} ${padding}` })));
    }
    const baseline = heapAfterGc();
    let events = 0;
    let grownMost = 0;
    const amounts = new Map<number, number>();
    for await (const { event } of log.readAll()) {
      events += 1;
      if (event.type === 'QuotaGranted') amounts.set(event.data.userId, (amounts.get(event.data.userId) ?? 0) + event.data.amount);
      if (events % 250 === 0) grownMost = Math.max(grownMost, heapAfterGc() - baseline);
    }
    expect(events).toBe(EVENTS);
    expect([...amounts.values()].reduce((sum, n) => sum + n, 0)).toBe(EVENTS);
    // The whole topic is EVENTS × 16 KB ≈ 47 MB; gathering it (the old read) would hold all of it at once.
    expect(grownMost).toBeLessThan(12 * MB);
  });

  it('a reader that stops after the first event ends the read (its consumer is not left waiting), and the next read gets the whole topic', { timeout: 60_000 }, async () => {
    const log = openLog(20);
    const calls = Array.from({ length: 600 }, (_, n) => usageRecorded({ userId: 1 + (n % 3), quota: 1 }));
    for (let start = 0; start < calls.length; start += 200) await log.append(calls.slice(start, start + 200));
    const read = log.readAll()[Symbol.asyncIterator]();
    const first = await read.next();
    expect(first.done).toBe(false);
    await read.return?.();
    let after = 0;
    for await (const stored of log.readAll()) {
      expect(stored.offset).toBeGreaterThanOrEqual(0);
      after += 1;
    }
    expect(after).toBe(calls.length);
  });
});
