import type { LedgerEvent } from '@tollgate/wire';
import { describe, expect, it, vi } from 'vitest';
import { CapturingQuerier } from '../testing/capturing-querier.js';
import { InMemoryEventLog } from '../testing/in-memory-event-log.js';
import { quotaAdjusted, tokenQuotaSet, usageRecorded } from '../testing/ledger-event-fixtures.js';
import { DEFAULT_INGEST_BATCH_MS, DEFAULT_INGEST_BATCHES_IN_FLIGHT, DEFAULT_INGEST_BATCH_ROWS, startIngestionWorker } from './ingestion-worker.js';

async function setUp(events: LedgerEvent[]) {
  const eventLog = new InMemoryEventLog();
  const querier = new CapturingQuerier();
  const onRowsInserted = vi.fn();
  await eventLog.append(events);
  const worker = await startIngestionWorker({ eventLog, querier, onRowsInserted });
  return { eventLog, querier, worker, onRowsInserted };
}

describe('startIngestionWorker', () => {
  it('inserts a batch as one insert into logs, skipping unlogged events', async () => {
    const { eventLog, querier, onRowsInserted } = await setUp([usageRecorded(), tokenQuotaSet(), quotaAdjusted()]);
    await eventLog.deliver('analytics');
    expect(querier.logInserts).toHaveLength(1);
    expect(querier.logInserts[0]?.table).toBe('logs');
    expect(querier.logInserts[0]?.rows.map((row) => row.type)).toEqual([2, 3]);
    expect(onRowsInserted).toHaveBeenCalledOnce();
  });

  it('keeps every event of a batch, logged or not, in the ledger history, in one insert', async () => {
    const { eventLog, querier } = await setUp([usageRecorded(), tokenQuotaSet(), quotaAdjusted()]);
    await eventLog.deliver('analytics');
    const kept = querier.inserts.filter((insert) => insert.table === 'ledger_movements');
    expect(kept.map((insert) => insert.rows.map((row) => row.type))).toEqual([['UsageRecorded', 'TokenQuotaSet', 'QuotaAdjusted']]);
  });

  it('does not insert when a batch holds nothing to log', async () => {
    const { eventLog, querier, onRowsInserted } = await setUp([tokenQuotaSet()]);
    await eventLog.deliver('analytics');
    expect(querier.logInserts).toEqual([]);
    expect(onRowsInserted).not.toHaveBeenCalled();
  });

  it('looks for already stored events before inserting a batch the log says may repeat', async () => {
    const { eventLog, querier } = await setUp([usageRecorded()]);
    await eventLog.deliver('analytics');
    expect(querier.queries.map((query) => query.sql)).toEqual([expect.stringMatching(/^SELECT id FROM logs /)]);
    expect(querier.logInserts).toHaveLength(1);
  });

  it('inserts a batch new to the group without the lookup, each event once', async () => {
    const { eventLog, querier } = await setUp([]);
    const usage = usageRecorded();
    await eventLog.append([usage, usage]);
    await eventLog.deliver('analytics');
    expect(querier.queries).toEqual([]);
    expect(querier.logInserts.map((insert) => insert.rows.map((row) => row.id))).toEqual([[usage.metadata.eventId]]);
  });

  it('looks again before inserting a batch delivered anew after a crash', async () => {
    const { eventLog, querier } = await setUp([]);
    await eventLog.append([usageRecorded()]);
    await eventLog.deliver('analytics');
    eventLog.rewind('analytics');
    await eventLog.deliver('analytics');
    expect(querier.queries).toHaveLength(1);
    expect(querier.logInserts).toHaveLength(2);
  });

  it('subscribes under the analytics group and unsubscribes on stop', async () => {
    const { eventLog, worker } = await setUp([]);
    expect(eventLog.isSubscribed('analytics')).toBe(true);
    await worker.stop();
    expect(eventLog.isSubscribed('analytics')).toBe(false);
  });

  it('given the defaults, when it subscribes, then the log gathers a batch by size (20,000 events) or time (1 s), whichever first, and prepares the next during an insert', async () => {
    const eventLog = new InMemoryEventLog();
    await startIngestionWorker({ eventLog, querier: new CapturingQuerier() });
    expect(eventLog.subscribeOptions.get('analytics')).toEqual({ maxBatch: DEFAULT_INGEST_BATCH_ROWS, lingerMs: DEFAULT_INGEST_BATCH_MS, batchesInFlight: DEFAULT_INGEST_BATCHES_IN_FLIGHT });
    expect([DEFAULT_INGEST_BATCH_ROWS, DEFAULT_INGEST_BATCH_MS, DEFAULT_INGEST_BATCHES_IN_FLIGHT]).toEqual([20_000, 1_000, 2]);
  });

  it('given a batch size and time, when it subscribes, then the log is asked for exactly those', async () => {
    const eventLog = new InMemoryEventLog();
    await startIngestionWorker({ eventLog, querier: new CapturingQuerier(), maxBatch: 500, batchMs: 250 });
    expect(eventLog.subscribeOptions.get('analytics')).toMatchObject({ maxBatch: 500, lingerMs: 250 });
  });

  it('given an insert that fails, when the batch is delivered, then its offsets stay uncommitted and the retry inserts every row once', async () => {
    const { eventLog, querier } = await setUp([]);
    const events = [usageRecorded(), usageRecorded(), quotaAdjusted()];
    await eventLog.append(events);
    const insert = vi.spyOn(querier, 'insert').mockRejectedValueOnce(new Error('ClickHouse is down'));
    await expect(eventLog.deliver('analytics')).rejects.toThrow('ClickHouse is down');
    await eventLog.deliver('analytics');
    // The failed first insert (the batch's ledger_movements), then the retry's two: movements and log rows.
    expect(insert).toHaveBeenCalledTimes(3);
    expect(querier.logInserts.map((i) => i.rows.map((row) => row.id))).toEqual([events.map((event) => event.metadata.eventId)]);
    // Committed after the successful inserts: nothing is delivered again.
    await eventLog.deliver('analytics');
    expect(querier.logInserts.flatMap((i) => i.rows)).toHaveLength(3);
    expect(insert).toHaveBeenCalledTimes(3);
  });
});
