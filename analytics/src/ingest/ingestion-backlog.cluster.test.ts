import { randomUUID } from 'node:crypto';
import { createKafkaEventLog, parseBrokers } from '@tollgate/ledger/kafka';
import { describe, expect, it, vi } from 'vitest';
import { CapturingQuerier } from '../testing/capturing-querier.js';
import { kafkaBrokersForTests } from '../testing/config.js';
import { usageRecorded } from '../testing/ledger-event-fixtures.js';
import { startIngestionWorker } from './ingestion-worker.js';

const brokers = kafkaBrokersForTests();
const BACKLOG = 12_000;

describe('analytics ingestion of a Kafka backlog', () => {
  it('given 12,000 events waiting on one partition (about 8 MiB, 8 fetches of kafkajs default size), when the worker starts, then it inserts them all in at most 2 inserts', async () => {
    const log = createKafkaEventLog({ brokers: parseBrokers(brokers), topic: `tg-ingest-backlog-${process.pid}-${Date.now()}`, partitions: 1 });
    const querier = new CapturingQuerier();
    try {
      for (let start = 0; start < BACKLOG; start += 500) {
        await log.append(Array.from({ length: 500 }, (_, i) => usageRecorded({ requestId: `req-${start + i}`, holdId: randomUUID() })).map((event) => ({ ...event, metadata: { ...event.metadata, eventId: randomUUID() } })));
      }
      const worker = await startIngestionWorker({ eventLog: log, querier, group: 'analytics-backlog', batchMs: 1_000 });
      await vi.waitFor(() => expect(querier.logInserts.reduce((rows, insert) => rows + insert.rows.length, 0)).toBe(BACKLOG), { timeout: 60_000, interval: 100 });
      await worker.stop();
      // The log rows' inserts (each batch also writes ledger_movements, in one insert of its own).
      const sizes = querier.logInserts.map((insert) => insert.rows.length);
      expect(sizes.length, `insert sizes ${sizes.join(', ')}`).toBeLessThanOrEqual(2);
      expect(new Set(querier.logInserts.flatMap((insert) => insert.rows.map((row) => row.id))).size).toBe(BACKLOG);
    } finally {
      await log.close();
    }
  }, 90_000);
});
