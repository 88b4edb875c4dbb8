import type { LedgerEvent } from '@tollgate/wire';
import type { WindowUsageRecord } from '../../ports/window-usage.js';
import { openDatabase, type SqliteDatabase } from './open-database.js';

/**
 * One row per call and window it counted in, keyed by the call's hold, so an event appended twice
 * (a retried append) counts once. Rows of a window that ended are pruned when a reader opens.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS subscription_window_calls (
    window_key TEXT NOT NULL,
    hold_id TEXT NOT NULL,
    quota INTEGER NOT NULL,
    ends_at INTEGER NOT NULL,
    PRIMARY KEY (window_key, hold_id)
  ) WITHOUT ROWID;
`;

/** Creates the table in `db` if it is not there: the embedded log's file, or a Kafka gateway's usage spool. */
export function createWindowCallsTable(db: SqliteDatabase): void {
  db.exec(SCHEMA);
}

/** The write side, run by the log's append in its own transaction: the window's count is durable exactly when the event is. */
export class SubscriptionWindowCalls {
  private readonly insert;

  constructor(db: SqliteDatabase) {
    createWindowCallsTable(db);
    this.insert = db.prepare<[string, string, number, number]>('INSERT OR IGNORE INTO subscription_window_calls (window_key, hold_id, quota, ends_at) VALUES (?, ?, ?, ?)');
  }

  record(event: LedgerEvent): void {
    if (event.type !== 'UsageRecorded') return;
    const { holdId, quota, subscriptionWindows } = event.data;
    for (const w of subscriptionWindows ?? []) this.insert.run(w.key, holdId, quota, w.endsAt);
  }
}

/** The read side over the embedded log's file (`path`), for a gateway's in-process hold store. */
export function openSqliteWindowUsage(path: string, nowMs: number = Date.now()): WindowUsageRecord {
  const db = openDatabase(path);
  createWindowCallsTable(db);
  db.prepare<[number]>('DELETE FROM subscription_window_calls WHERE ends_at <= ?').run(nowMs);
  const sum = db.prepare<[string], { counted: number }>('SELECT coalesce(sum(quota), 0) AS counted FROM subscription_window_calls WHERE window_key = ?');
  return { counted: (key) => sum.get(key)?.counted ?? 0, close: () => db.close() };
}
