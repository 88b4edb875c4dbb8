import type { LedgerEvent } from '@tollgate/ledger';
import { describe, expect, it, vi } from 'vitest';
import { CapturingQuerier } from '../testing/capturing-querier.js';
import { InMemoryEventLog } from '../testing/in-memory-event-log.js';
import { quotaAdjusted, tokenQuotaSet, usageRecorded } from '../testing/ledger-event-fixtures.js';
import { startIngestionWorker } from './ingestion-worker.js';

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
    expect(querier.inserts).toHaveLength(1);
    expect(querier.inserts[0]?.table).toBe('logs');
    expect(querier.inserts[0]?.rows.map((row) => row.type)).toEqual([2, 3]);
    expect(onRowsInserted).toHaveBeenCalledOnce();
  });

  it('does not insert when a batch holds nothing to log', async () => {
    const { eventLog, querier, onRowsInserted } = await setUp([tokenQuotaSet()]);
    await eventLog.deliver('analytics');
    expect(querier.inserts).toEqual([]);
    expect(onRowsInserted).not.toHaveBeenCalled();
  });

  it('subscribes under the analytics group and unsubscribes on stop', async () => {
    const { eventLog, worker } = await setUp([]);
    expect(eventLog.isSubscribed('analytics')).toBe(true);
    await worker.stop();
    expect(eventLog.isSubscribed('analytics')).toBe(false);
  });
});
