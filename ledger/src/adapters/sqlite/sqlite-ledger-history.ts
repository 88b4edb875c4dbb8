import type { LedgerEvent } from '../../events/ledger-events.js';
import type { LedgerHistory, LedgerHistoryQuery } from '../../ports/ledger-history.js';
import { type EventRow, toStoredEvent } from './event-log-tables.js';
import type { SqliteDatabase } from './open-database.js';

/** Rows per query: the statement never holds more of the log than this. */
const PAGE = 5_000;

/** The first copy of each event id only (ledger_events_by_event_id makes the look-back a seek). */
const firstCopy = 'NOT EXISTS (SELECT 1 FROM ledger_events d WHERE d.event_id = e.event_id AND d.position < e.position)';

/**
 * The embedded log read for statements. Pages follow the primary key (`position > ?`), so a
 * statement is one pass over the table however many pages it takes, and no read stays open
 * between pages while the ledger worker writes on the same file.
 */
export class SqliteLedgerHistory implements LedgerHistory {
  private readonly everyone;
  private readonly oneUser;

  constructor(db: SqliteDatabase) {
    const select = (where: string) => `SELECT position, payload FROM ledger_events e WHERE position > ? ${where} AND ${firstCopy} ORDER BY position LIMIT ${PAGE}`;
    this.everyone = db.prepare<[number], EventRow>(select(''));
    this.oneUser = db.prepare<[number, string], EventRow>(select('AND partition_key = ?'));
  }

  async *userEvents({ userId }: LedgerHistoryQuery): AsyncIterable<LedgerEvent> {
    let after = -1;
    for (;;) {
      const page = userId === undefined ? this.everyone.all(after) : this.oneUser.all(after, String(userId));
      for (const row of page) yield toStoredEvent(row).event;
      const last = page.at(-1);
      if (!last || page.length < PAGE) return;
      after = last.position;
    }
  }
}
