import type { LedgerEvent } from '@tollgate/wire';
import type { WindowUsageRecord } from '../../ports/window-usage.js';
import { openDatabase, type SqliteDatabase } from './open-database.js';

/**
 * One row per call and window it counted in, keyed by the call's hold, so an event appended twice
 * (a retried append) counts once. Rows of a window that ended are pruned when a reader opens, and
 * by the writer as it goes (by `ends_at`'s index), so a process that runs for months keeps only
 * the running windows' calls.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS subscription_window_calls (
    window_key TEXT NOT NULL,
    hold_id TEXT NOT NULL,
    quota INTEGER NOT NULL,
    ends_at INTEGER NOT NULL,
    PRIMARY KEY (window_key, hold_id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS subscription_window_calls_ends_at ON subscription_window_calls (ends_at);
`;

/** The writer looks for ended windows' rows at most this often, */
const PRUNE_EVERY_MS = 60_000;
/** and deletes at most this many in one append's transaction (a month's window may end with a million calls), going on at the next append while there are more. */
const PRUNE_BATCH = 1_000;

/** Creates the table in `db` if it is not there: the embedded log's file, or a Kafka gateway's usage spool. */
export function createWindowCallsTable(db: SqliteDatabase): void {
  db.exec(SCHEMA);
}

/** The write side, run by the log's append in its own transaction: the window's count is durable exactly when the event is. */
export class SubscriptionWindowCalls {
  private readonly insert;
  private readonly pruneEnded;
  private nextPruneAt = 0;

  constructor(db: SqliteDatabase, private readonly now: () => number = Date.now) {
    createWindowCallsTable(db);
    this.insert = db.prepare<[string, string, number, number]>('INSERT OR IGNORE INTO subscription_window_calls (window_key, hold_id, quota, ends_at) VALUES (?, ?, ?, ?)');
    this.pruneEnded = db.prepare<[number, number]>(
      `DELETE FROM subscription_window_calls WHERE (window_key, hold_id) IN
         (SELECT window_key, hold_id FROM subscription_window_calls WHERE ends_at <= ? LIMIT ?)`,
    );
  }

  record(event: LedgerEvent): void {
    if (event.type !== 'UsageRecorded' || !event.data.subscriptionWindows?.length) return;
    const { holdId, quota, subscriptionWindows } = event.data;
    for (const w of subscriptionWindows) this.insert.run(w.key, holdId, quota, w.endsAt);
    this.pruneIfDue();
  }

  private pruneIfDue(): void {
    const now = this.now();
    if (now < this.nextPruneAt) return;
    const deleted = this.pruneEnded.run(now, PRUNE_BATCH).changes;
    this.nextPruneAt = deleted === PRUNE_BATCH ? now : now + PRUNE_EVERY_MS;
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
