import Database from 'better-sqlite3';
import { expect, it, onTestFinished } from 'vitest';
import { stored, usageRecorded } from '../../testing/event-builders.js';
import { tempSqlitePath } from '../../testing/temp-sqlite.js';
import { createSqliteBalanceStore } from './sqlite-balance-store.js';

it('opens a file written before the invite account: its users keep their balances, the invite account reads zero', async () => {
  const path = tempSqlitePath();
  const old = new Database(path);
  old.exec('CREATE TABLE ledger_user_balances (user_id INTEGER PRIMARY KEY, quota INTEGER NOT NULL, used_quota INTEGER NOT NULL, request_count INTEGER NOT NULL)');
  old.exec('INSERT INTO ledger_user_balances VALUES (1, 500, 20, 2)');
  old.close();
  const store = createSqliteBalanceStore({ path });
  expect(await store.users([1])).toEqual([{ userId: 1, quota: 500, usedQuota: 20, requestCount: 2, affQuota: 0, affHistoryQuota: 0, affCount: 0 }]);
  await store.close();
});

it('reads markers written before they carried a time as applied when the file was opened: still found, forgotten a full window later', async () => {
  const DAY_MS = 86_400_000;
  const path = tempSqlitePath();
  const usage = usageRecorded({ quota: 30 });
  const old = new Database(path);
  old.exec('CREATE TABLE ledger_applied_events (event_id TEXT PRIMARY KEY)');
  old.prepare('INSERT INTO ledger_applied_events VALUES (?)').run(usage.metadata.eventId);
  old.close();
  let now = Date.parse('2026-01-01T00:00:00Z');
  const store = createSqliteBalanceStore({ path, now: () => now });
  onTestFinished(() => store.close());
  expect((await store.apply(stored([usage]))).appliedEvents).toEqual([]);
  now += 6 * DAY_MS;
  expect(await store.forgetAppliedEvents(7 * DAY_MS, 10)).toBe(0);
  now += 2 * DAY_MS;
  expect(await store.forgetAppliedEvents(7 * DAY_MS, 10)).toBe(1);
});
