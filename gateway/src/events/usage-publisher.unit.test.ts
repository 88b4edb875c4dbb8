import type { EventLog } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';
import { newEventMetadata } from '@tollgate/ledger';
import { describe, expect, it } from 'vitest';
import { UsagePublisher } from './usage-publisher.js';

function grant(amount: number): LedgerEvent {
  return { type: 'QuotaGranted', data: { userId: 1, username: 'u', amount, logType: 4, content: '' }, metadata: newEventMetadata() };
}

function recordingLog(failures = 0) {
  const batches: LedgerEvent[][] = [];
  let left = failures;
  const log: EventLog = {
    append: async (events) => {
      if (left-- > 0) throw new Error('log unavailable');
      batches.push(events);
    },
    subscribe: async () => ({ stop: async () => {} }),
    close: async () => {},
  };
  return { log, batches };
}

describe('UsagePublisher', () => {
  it('appends what was published in one batch, in order', async () => {
    const { log, batches } = recordingLog();
    const publisher = new UsagePublisher(log);
    publisher.publish(grant(1));
    publisher.publish(grant(2));
    await publisher.flush();
    expect(batches.map((b) => b.map((e) => (e.type === 'QuotaGranted' ? e.data.amount : 0)))).toEqual([[1, 2]]);
  });

  it('retries a failed append and never drops an event', async () => {
    const { log, batches } = recordingLog(2);
    const errors: unknown[] = [];
    const publisher = new UsagePublisher(log, { onError: (e) => errors.push(e) });
    publisher.publish(grant(5));
    await publisher.close();
    expect(errors).toHaveLength(2);
    expect(batches.flat()).toHaveLength(1);
  });

  it('tells its listener each batch once it is durable', async () => {
    const { log } = recordingLog(1);
    const heard: number[][] = [];
    const publisher = new UsagePublisher(log, { onAppended: (batch) => heard.push(batch.map((e) => (e.type === 'QuotaGranted' ? e.data.amount : 0))) });
    publisher.publish(grant(7));
    publisher.publish(grant(8));
    await publisher.close();
    expect(heard).toEqual([[7, 8]]);
  });

  it('flushes on its own shortly after a publish', async () => {
    const { log, batches } = recordingLog();
    new UsagePublisher(log).publish(grant(3));
    expect(batches.flat()).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 60));
    expect(batches.flat()).toHaveLength(1);
  });

  it('hands the next batch to the log while the previous one is not durable yet, and tells of both in order', async () => {
    const handed: number[][] = [];
    const durable: Array<() => void> = [];
    const log: EventLog = {
      append: (events) => {
        handed.push(events.map((e) => (e.type === 'QuotaGranted' ? e.data.amount : 0)));
        return new Promise<void>((resolve) => durable.push(resolve));
      },
      subscribe: async () => ({ stop: async () => {} }),
      close: async () => {},
    };
    const heard: number[][] = [];
    const publisher = new UsagePublisher(log, { onAppended: (batch) => heard.push(batch.map((e) => (e.type === 'QuotaGranted' ? e.data.amount : 0))) });
    publisher.publish(grant(1));
    const first = publisher.flush();
    publisher.publish(grant(2));
    const second = publisher.flush();
    expect(handed).toEqual([[1], [2]]);
    durable[1]?.();
    await new Promise((r) => setTimeout(r, 10));
    expect(heard).toEqual([]);
    durable[0]?.();
    await Promise.all([first, second]);
    expect(heard).toEqual([[1], [2]]);
  });

  it('does not append a batch again when its listener throws', async () => {
    const { log, batches } = recordingLog();
    const errors: unknown[] = [];
    const publisher = new UsagePublisher(log, { onError: (e) => errors.push(e), onAppended: () => { throw new Error('live push failed'); } });
    publisher.publish(grant(4));
    await publisher.close();
    expect(batches).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });
});
