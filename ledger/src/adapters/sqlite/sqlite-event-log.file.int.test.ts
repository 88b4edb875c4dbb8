import Database from 'better-sqlite3';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { EventSchemaError } from '../../errors.js';
import type { StoredEvent } from '../../ports/event-log.js';
import { quotaGranted, usageRecorded } from '../../testing/event-builders.js';
import { tempSqlitePath } from '../../testing/temp-sqlite.js';
import { createSqliteEventLog } from './sqlite-event-log.js';

const delivered = { timeout: 5_000, interval: 20 };

function openLog(path: string, lingerMs = 0) {
  const log = createSqliteEventLog({ path, pollIntervalMs: 50, retryBackoffMs: 50, lingerMs });
  onTestFinished(() => log.close());
  return log;
}

/** Writes a row the way another process would: no in-process signal, only the file. */
function appendFromAnotherProcess(path: string, payload: string): void {
  const db = new Database(path);
  db.prepare("INSERT INTO ledger_events (partition_key, event_id, type, payload) VALUES ('1', 'x', 'x', ?)").run(payload);
  db.close();
}

describe('SqliteEventLog on a file', () => {
  it('picks up appends made by another process by polling', async () => {
    const path = tempSqlitePath();
    const log = openLog(path);
    const seen: StoredEvent[] = [];
    const subscription = await log.subscribe('ledger', async (batch) => void seen.push(...batch));
    onTestFinished(() => subscription.stop());
    const grant = quotaGranted();
    appendFromAnotherProcess(path, JSON.stringify(grant));
    await vi.waitFor(() => expect(seen.map((stored) => stored.event)).toEqual([grant]), delivered);
  });

  it('delivers every event once and in order when this process and another append in turn', async () => {
    const path = tempSqlitePath();
    const log = openLog(path);
    const seen: StoredEvent[] = [];
    const subscription = await log.subscribe('ledger', async (batch) => void seen.push(...batch), { maxBatch: 3 });
    onTestFinished(() => subscription.stop());
    const expected = [];
    for (let round = 0; round < 5; round += 1) {
      const ours = [quotaGranted({ amount: round * 10 }), quotaGranted({ amount: round * 10 + 1 })];
      await log.append(ours);
      const theirs = quotaGranted({ amount: round * 10 + 2 });
      appendFromAnotherProcess(path, JSON.stringify(theirs));
      expected.push(...ours, theirs);
    }
    await vi.waitFor(() => expect(seen).toHaveLength(expected.length), delivered);
    expect(seen.map((stored) => stored.event)).toEqual(expected);
    expect(seen.map((stored) => stored.offset)).toEqual(expected.map((_, index) => index + 1));
  });

  it('resumes a group from its committed offset after the file is reopened', async () => {
    const path = tempSqlitePath();
    const first = openLog(path);
    await first.append([quotaGranted()]);
    const seen: StoredEvent[] = [];
    await first.subscribe('ledger', async (batch) => void seen.push(...batch));
    await vi.waitFor(() => expect(seen).toHaveLength(1), delivered);
    await first.close();
    const reopened = openLog(path);
    const usage = usageRecorded();
    await reopened.append([usage]);
    const resumed: StoredEvent[] = [];
    await reopened.subscribe('ledger', async (batch) => void resumed.push(...batch));
    await vi.waitFor(() => expect(resumed.map((stored) => stored.event)).toEqual([usage]), delivered);
  });

  it('stops at a row that fails its schema, reports it, and never skips past it', async () => {
    const path = tempSqlitePath();
    const log = openLog(path);
    appendFromAnotherProcess(path, JSON.stringify({ type: 'UsageRecorded', data: { quota: 'a lot' } }));
    await log.append([quotaGranted()]);
    const errors: unknown[] = [];
    const handler = vi.fn(async () => {});
    const subscription = await log.subscribe('ledger', handler, { onError: (error) => errors.push(error) });
    onTestFinished(() => subscription.stop());
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(2), delivered);
    expect(errors[0]).toBeInstanceOf(EventSchemaError);
    expect(handler).not.toHaveBeenCalled();
  });

  it('reads the whole log back in order', async () => {
    const log = openLog(tempSqlitePath());
    const events = Array.from({ length: 1_205 }, (_, index) => quotaGranted({ amount: index }));
    await log.append(events);
    const read: StoredEvent[] = [];
    for await (const stored of log.readAll()) read.push(stored);
    expect(read.map((stored) => stored.event)).toEqual(events);
  });

  it('delivers the first event after a quiet spell at once, and appends made within the linger as one batch', async () => {
    const log = openLog(tempSqlitePath(), 400);
    const batches: StoredEvent[][] = [];
    const subscription = await log.subscribe('ledger', async (batch) => void batches.push(batch));
    onTestFinished(() => subscription.stop());
    const first = quotaGranted({ amount: 1 });
    const appendedAt = performance.now();
    await log.append([first]);
    await vi.waitFor(() => expect(batches).toHaveLength(1), { timeout: 1_000, interval: 2 });
    expect(performance.now() - appendedAt).toBeLessThan(200);
    const gathered = [2, 3, 4, 5].map((amount) => quotaGranted({ amount }));
    for (const event of gathered) {
      await log.append([event]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await vi.waitFor(() => expect(batches).toHaveLength(2), delivered);
    expect(batches.map((batch) => batch.map((stored) => stored.event))).toEqual([[first], gathered]);
  });

  it('delivers on stop what was appended before it and not yet read: one lingering, one waiting for its next look', async () => {
    const path = tempSqlitePath();
    // Both waits far longer than the test: only the stop's last look can deliver these.
    const log = createSqliteEventLog({ path, pollIntervalMs: 60_000, retryBackoffMs: 50, lingerMs: 60_000 });
    onTestFinished(() => log.close());
    const seen: StoredEvent[] = [];
    const subscription = await log.subscribe('ledger', async (batch) => void seen.push(...batch));
    const first = quotaGranted({ amount: 1 });
    await log.append([first]);
    await vi.waitFor(() => expect(seen).toHaveLength(1), delivered);
    const lingering = quotaGranted({ amount: 2 });
    await log.append([lingering]);
    await subscription.stop();
    expect(seen.map((stored) => stored.event)).toEqual([first, lingering]);

    // Another thread's or process's append wakes nobody here: the consumer waits for its poll.
    const waiting = createSqliteEventLog({ path, pollIntervalMs: 60_000, retryBackoffMs: 50, lingerMs: 0 });
    onTestFinished(() => waiting.close());
    const resumed: StoredEvent[] = [];
    const again = await waiting.subscribe('ledger', async (batch) => void resumed.push(...batch));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const theirs = quotaGranted({ amount: 3 });
    appendFromAnotherProcess(path, JSON.stringify(theirs));
    await again.stop();
    expect(resumed.map((stored) => stored.event)).toEqual([theirs]);
  });
});
