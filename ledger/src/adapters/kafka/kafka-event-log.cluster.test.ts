import { Kafka, logLevel } from 'kafkajs';
import { describe, expect, it, vi } from 'vitest';
import type { BatchDelivery, StoredEvent } from '../../ports/event-log.js';
import { runEventLogContract } from '../../ports/event-log.contract.js';
import { requiredEngine } from '../../testing/cluster-engines.js';
import { quotaGranted, usageRecorded } from '../../testing/event-builders.js';
import { createKafkaEventLog, parseBrokers } from './kafka-event-log.js';

const brokers = requiredEngine('KAFKA_BROKERS');
let topics = 0;

const testTopic = () => `tg-ledger-test-${process.pid}-${Date.now()}-${topics++}`;

runEventLogContract('kafka', async () => createKafkaEventLog({ brokers: parseBrokers(brokers), topic: testTopic(), partitions: 4 }));
runEventLogContract('kafka, lingering 50 ms', async () => createKafkaEventLog({ brokers: parseBrokers(brokers), topic: testTopic(), partitions: 4, lingerMs: 50 }));

describe('KafkaEventLog lingering', () => {
  it('hands events appended one by one within the linger over in fewer batches', async () => {
    const log = createKafkaEventLog({ brokers: parseBrokers(brokers), topic: testTopic(), partitions: 1, lingerMs: 400 });
    try {
      const batches: number[] = [];
      const subscription = await log.subscribe('lingering', async (batch) => void batches.push(batch.length));
      for (let i = 0; i < 6; i++) {
        await log.append([usageRecorded({ userId: 1 })]);
        await new Promise((r) => setTimeout(r, 20));
      }
      await vi.waitFor(() => expect(batches.reduce((a, b) => a + b, 0)).toBe(6), { timeout: 15_000, interval: 50 });
      await subscription.stop();
      // Six appends within about 150 ms fall into at most two 400 ms fetch windows.
      expect(batches.length).toBeLessThanOrEqual(2);
    } finally {
      await log.close();
    }
  });
});

describe('KafkaEventLog partitions at once', () => {
  /** The most batches the handler held at once, and every event once, over a backlog on 4 partitions. */
  const mostAtOnce = async (partitionsAtOnce: number | undefined): Promise<number> => {
    const log = createKafkaEventLog({ brokers: parseBrokers(brokers), topic: testTopic(), partitions: 4 });
    try {
      await log.append(Array.from({ length: 40 }, (_, i) => usageRecorded({ userId: i + 1 })));
      let inside = 0;
      let most = 0;
      const seen: string[] = [];
      const partitionsInside = new Set<number>();
      const subscription = await log.subscribe(
        'at-once',
        async (batch) => {
          const partition = batch[0]!.partition;
          expect(partitionsInside.has(partition)).toBe(false); // one partition's batches never overlap
          partitionsInside.add(partition);
          most = Math.max(most, ++inside);
          await new Promise((r) => setTimeout(r, 300));
          seen.push(...batch.map((stored) => stored.event.metadata.eventId));
          inside--;
          partitionsInside.delete(partition);
        },
        { maxBatch: 5, ...(partitionsAtOnce === undefined ? {} : { partitionsAtOnce }) },
      );
      await vi.waitFor(() => expect(seen).toHaveLength(40), { timeout: 30_000, interval: 50 });
      await subscription.stop();
      expect(new Set(seen).size).toBe(40);
      return most;
    } finally {
      await log.close();
    }
  };

  it('hands one partition at a time by default, and up to partitionsAtOnce of them when asked', async () => {
    expect(await mostAtOnce(undefined)).toBe(1);
    expect(await mostAtOnce(4)).toBeGreaterThan(1);
  });
});

describe('KafkaEventLog after a rebalance', () => {
  /** Waits until the group has settled with `members` members, each holding its partitions. */
  const settled = async (group: string, members: number): Promise<void> => {
    const admin = new Kafka({ brokers: parseBrokers(brokers), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      await vi.waitFor(async () => {
        const [described] = (await admin.describeGroups([group])).groups;
        expect(described?.state).toBe('Stable');
        expect(described?.members).toHaveLength(members);
      }, { timeout: 30_000, interval: 200 });
    } finally {
      await admin.disconnect();
    }
  };

  it("says each member's first batch of a partition after a rebalance may repeat: another member may have held it", async () => {
    const log = createKafkaEventLog({ brokers: parseBrokers(brokers), topic: testTopic(), partitions: 2 });
    try {
      const deliveries: Array<{ partition: number; mayRepeat: boolean; at: number }> = [];
      const record = async (batch: StoredEvent[], delivery: BatchDelivery) => {
        for (const partition of new Set(batch.map((stored) => stored.partition))) deliveries.push({ partition, mayRepeat: delivery.mayRepeat, at: Date.now() });
      };
      const first = await log.subscribe('rebalanced', record);
      const users = Array.from({ length: 8 }, (_, i) => i + 1);
      await log.append(users.map((userId) => usageRecorded({ userId })));
      await vi.waitFor(() => expect(new Set(deliveries.map((d) => d.partition)).size).toBe(2), { timeout: 15_000, interval: 50 });
      // Steady: a later batch of a partition the member already holds is new to the group.
      await log.append([usageRecorded({ userId: 1 })]);
      await vi.waitFor(() => expect(deliveries.at(-1)?.mayRepeat).toBe(false), { timeout: 15_000, interval: 50 });

      const second = await log.subscribe('rebalanced', record);
      await settled('rebalanced', 2);
      const since = Date.now();
      await log.append(users.map((userId) => usageRecorded({ userId })));
      await vi.waitFor(() => expect(new Set(deliveries.filter((d) => d.at >= since).map((d) => d.partition)).size).toBe(2), { timeout: 15_000, interval: 50 });
      const firstAfter = [0, 1].map((partition) => deliveries.find((d) => d.at >= since && d.partition === partition)?.mayRepeat);
      expect(firstAfter).toEqual([true, true]);
      await Promise.all([first.stop(), second.stop()]);
    } finally {
      await log.close();
    }
  });
});

describe('KafkaEventLog.lag', () => {
  it("counts what a group has not committed: everything before it subscribes, nothing once it caught up", async () => {
    const log = createKafkaEventLog({ brokers: parseBrokers(brokers), topic: `tg-ledger-lag-${process.pid}-${Date.now()}`, partitions: 4 });
    try {
      await log.append([quotaGranted({ userId: 1 }), quotaGranted({ userId: 2 }), usageRecorded({ userId: 3 })]);
      expect(await log.lag('late')).toBe(3);
      let seen = 0;
      const subscription = await log.subscribe('late', async (batch) => void (seen += batch.length));
      await vi.waitFor(async () => expect(await log.lag('late')).toBe(0), { timeout: 15_000, interval: 100 });
      await subscription.stop();
      expect(seen).toBe(3);
      await log.append([usageRecorded({ userId: 4 })]);
      expect(await log.lag('late')).toBe(1);
    } finally {
      await log.close();
    }
  });
});
