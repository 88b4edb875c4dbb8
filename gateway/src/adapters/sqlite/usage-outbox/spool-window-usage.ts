import type { WindowUsageRecord } from '@tollgate/ledger';
import { createWindowCallsTable, openDatabase } from '@tollgate/ledger/sqlite';
import { createSpoolTable } from './usage-spool.js';

/**
 * What a Kafka gateway without Redis counted in each subscription window before this start (issue
 * #41), from the record its usage spool writes in each append's transaction (UsageSpoolOptions.
 * recordWindows): in-process holds start a window from it, so a restart does not serve a plan again.
 *
 * Read once, at open, before the spool forwards anything, and without the calls still in the
 * spool: those are counted by their holds, taken again from their windows (SpooledOutbox's keep)
 * until the ledger settles them into the windows. Read lazily instead, a call forwarded and settled
 * between the start and a window's first sight would be counted twice.
 *
 * Cost: the rows of windows that ended are deleted here; then one grouped read over the running
 * windows' calls, kept as one number per window. A call costs one row per window in the spool's
 * own transaction (no fsync of its own).
 */
export function openSpoolWindowUsage(path: string, nowMs: number = Date.now()): WindowUsageRecord {
  const db = openDatabase(path);
  try {
    createSpoolTable(db);
    createWindowCallsTable(db);
    db.prepare<[number]>('DELETE FROM subscription_window_calls WHERE ends_at <= ?').run(nowMs);
    const rows = db
      .prepare<[], { key: string; counted: number }>(
        `SELECT window_key AS key, sum(quota) AS counted FROM subscription_window_calls
         WHERE hold_id NOT IN (SELECT hold_id FROM spooled_events WHERE hold_id IS NOT NULL) GROUP BY window_key`,
      )
      .all();
    const counted = new Map(rows.map((row) => [row.key, row.counted]));
    return { counted: (key) => counted.get(key) ?? 0, close: () => {} };
  } finally {
    db.close();
  }
}
