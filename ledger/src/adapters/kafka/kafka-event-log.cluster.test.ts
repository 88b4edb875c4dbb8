import { describe, expect, it, vi } from 'vitest';
import { runEventLogContract } from '../../ports/event-log.contract.js';
import { quotaGranted, usageRecorded } from '../../testing/event-builders.js';
import { createKafkaEventLog, parseBrokers } from './kafka-event-log.js';

const brokers = process.env.KAFKA_BROKERS;
if (!brokers) throw new Error('KAFKA_BROKERS must name a Kafka broker for the cluster tier (bash infra/local/kafka/with-broker.sh ...)');
let topics = 0;

runEventLogContract('kafka', async () =>
  createKafkaEventLog({ brokers: parseBrokers(brokers), topic: `tg-ledger-test-${process.pid}-${Date.now()}-${topics++}`, partitions: 4 }),
);

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
