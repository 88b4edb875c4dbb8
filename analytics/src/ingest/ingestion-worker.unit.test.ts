import type { LedgerEvent } from '@tollgate/ledger';
import { describe, expect, it, vi } from 'vitest';
import { CapturingQuerier } from '../testing/capturing-querier.js';
import { InMemoryEventLog } from '../testing/in-memory-event-log.js';
import { quotaAdjusted, tokenQuotaSet, usageRecorded } from '../testing/ledger-event-fixtures.js';
import { startIngestionWorker } from './ingestion-worker.js';

async function setUp(events: LedgerEvent[], options: { withInvalidHook?: boolean } = {}) {
  const eventLog = new InMemoryEventLog();
  const querier = new CapturingQuerier();
  const onInvalidEvent = vi.fn();
  const onRowsInserted = vi.fn();
  await eventLog.append(events);
  const worker = await startIngestionWorker({
    eventLog,
    querier,
    onRowsInserted,
    ...(options.withInvalidHook ? { onInvalidEvent } : {}),
  });
  return { eventLog, querier, worker, onInvalidEvent, onRowsInserted };
}

/** An event that passed through an untyped hop (the broker) and lost a field. */
function malformedUsage(): LedgerEvent {
  const event = usageRecorded();
  return { ...event, data: { ...event.data, quota: -1 } };
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

  it('fails the batch on an invalid event when no hook is given, so it is redelivered', async () => {
    const { eventLog, querier } = await setUp([usageRecorded(), malformedUsage()]);
    await expect(eventLog.deliver('analytics')).rejects.toThrow();
    expect(querier.inserts).toEqual([]);
  });

  it('skips and reports an invalid event when the hook is given', async () => {
    const { eventLog, querier, onInvalidEvent } = await setUp([usageRecorded(), malformedUsage()], {
      withInvalidHook: true,
    });
    await eventLog.deliver('analytics');
    expect(onInvalidEvent).toHaveBeenCalledOnce();
    expect(onInvalidEvent.mock.calls[0]?.[0]).toMatchObject({ offset: 1 });
    expect(querier.inserts[0]?.rows).toHaveLength(1);
  });

  it('subscribes under the analytics group and unsubscribes on stop', async () => {
    const { eventLog, worker } = await setUp([]);
    expect(eventLog.isSubscribed('analytics')).toBe(true);
    await worker.stop();
    expect(eventLog.isSubscribed('analytics')).toBe(false);
  });
});
