import Database from 'better-sqlite3';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createSqliteBalanceStore } from '../adapters/sqlite/sqlite-balance-store.js';
import { createSqliteEventLog } from '../adapters/sqlite/sqlite-event-log.js';
import type { BalancePublisher } from '../ports/balance-notifier.js';
import type { BalancesChanged } from '../ports/balance-store.js';
import { quotaGranted, usageRecorded } from '../testing/event-builders.js';
import { tempSqlitePath } from '../testing/temp-sqlite.js';
import { startLedgerWorker } from './ledger-worker.js';

const applied = { timeout: 5_000, interval: 20 };
const DAY_MS = 86_400_000;

/** The embedded wiring: log and balances in one file on the clock `now`; what the worker announces is recorded. */
function embeddedLedger(path = tempSqlitePath(), now: () => number = Date.now) {
  const eventLog = createSqliteEventLog({ path, pollIntervalMs: 50 });
  const balances = createSqliteBalanceStore({ path, now });
  const heard: BalancesChanged[] = [];
  const notifier: BalancePublisher = { publish: async (changes) => void heard.push(changes) };
  onTestFinished(async () => {
    await eventLog.close();
    await balances.close();
  });
  return { path, eventLog, balances, notifier, heard, markerSweep: { windowMs: 7 * DAY_MS } };
}

/** How many applied-event markers the file holds, read beside the store. */
function markersIn(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare<[], number>('SELECT count(*) FROM ledger_applied_events').pluck().get() ?? 0;
  } finally {
    db.close();
  }
}

describe('startLedgerWorker', () => {
  it('applies appended events to the balances and announces what changed', async () => {
    const ledger = embeddedLedger();
    const worker = await startLedgerWorker(ledger);
    onTestFinished(() => worker.stop());
    await ledger.eventLog.append([quotaGranted({ amount: 100 }), usageRecorded({ holdId: 'hold-1', quota: 30 })]);
    await vi.waitFor(() => expect(ledger.heard.flatMap((changes) => changes.settledHolds)).toEqual([{ holdId: 'hold-1', userId: 1 }]), applied);
    expect(await ledger.balances.users([1])).toEqual([{ userId: 1, quota: 70, usedQuota: 30, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 }]);
  });

  it('applies a producer duplicate once and leaves it out of the announcement', async () => {
    const ledger = embeddedLedger();
    const worker = await startLedgerWorker(ledger);
    onTestFinished(() => worker.stop());
    const usage = usageRecorded({ quota: 30 });
    await ledger.eventLog.append([usage]);
    await vi.waitFor(() => expect(ledger.heard).toHaveLength(1), applied);
    await ledger.eventLog.append([usage, quotaGranted({ amount: 5 })]);
    await vi.waitFor(() => expect(ledger.heard).toHaveLength(2), applied);
    expect(ledger.heard[1]?.appliedEvents).toHaveLength(1);
    expect(await ledger.balances.users([1])).toEqual([{ userId: 1, quota: -25, usedQuota: 30, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 }]);
  });

  it('resumes where it stopped without applying anything twice', async () => {
    const ledger = embeddedLedger();
    const first = await startLedgerWorker(ledger);
    await ledger.eventLog.append([quotaGranted({ amount: 100 })]);
    await vi.waitFor(() => expect(ledger.heard).toHaveLength(1), applied);
    await first.stop();
    await ledger.eventLog.append([usageRecorded({ quota: 40 })]);
    const second = await startLedgerWorker(ledger);
    onTestFinished(() => second.stop());
    await vi.waitFor(() => expect(ledger.heard).toHaveLength(2), applied);
    expect(await ledger.balances.users([1])).toEqual([{ userId: 1, quota: 60, usedQuota: 40, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 }]);
  });

  it('reports a failing announcement without retrying the committed batch', async () => {
    const ledger = embeddedLedger();
    const failing: BalancePublisher = {
      publish: async () => {
        throw new Error('listener bug');
      },
    };
    const errors: unknown[] = [];
    const worker = await startLedgerWorker({ ...ledger, notifier: failing, onError: (error) => errors.push(error) });
    onTestFinished(() => worker.stop());
    await ledger.eventLog.append([quotaGranted({ amount: 100 })]);
    await vi.waitFor(() => expect(errors).toHaveLength(1), applied);
    expect(await ledger.balances.checkpoint(0)).toBeGreaterThan(0);
    expect(await ledger.balances.users([1])).toEqual([{ userId: 1, quota: 100, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }]);
  });

  it('forgets the markers past the window in bounded sweeps, and an old copy then counts again', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const ledger = embeddedLedger(tempSqlitePath(), () => now);
    const worker = await startLedgerWorker({ ...ledger, markerSweep: { windowMs: 7 * DAY_MS, limit: 2, everyMs: 20, catchUpMs: 5 } });
    onTestFinished(() => worker.stop());
    const grant = quotaGranted({ amount: 100 });
    await ledger.eventLog.append([grant, quotaGranted({ amount: 10 }), quotaGranted({ amount: 1 })]);
    await vi.waitFor(() => expect(ledger.heard.flatMap((changes) => changes.appliedEvents)).toHaveLength(3), applied);
    expect(markersIn(ledger.path)).toBe(3);
    now += 8 * DAY_MS;
    await vi.waitFor(() => expect(markersIn(ledger.path)).toBe(0), applied);
    await ledger.eventLog.append([grant]);
    await vi.waitFor(() => expect(ledger.heard).toHaveLength(2), applied);
    expect(await ledger.balances.users([1])).toEqual([{ userId: 1, quota: 211, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }]);
  });

  it('reports a failing sweep and keeps sweeping on its timer', async () => {
    const ledger = embeddedLedger();
    const errors: unknown[] = [];
    const worker = await startLedgerWorker({ ...ledger, markerSweep: { windowMs: 7 * DAY_MS, everyMs: 20, catchUpMs: 5 }, onError: (error) => errors.push(error) });
    onTestFinished(() => worker.stop());
    // The store's database closed under the worker: every sweep fails with it.
    await ledger.balances.close();
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(2), applied);
    expect(errors[0]).toEqual(expect.objectContaining({ message: expect.stringContaining('database connection is not open') }));
  });
});
