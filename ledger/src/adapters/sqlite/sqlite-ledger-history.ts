import type { LedgerEvent } from '@tollgate/wire';
import type { LedgerHistory, LedgerHistoryQuery, UsageTotal } from '../../ports/ledger-history.js';
import { type EventRow, toStoredEvent } from './event-log-tables.js';
import type { SqliteDatabase } from './open-database.js';

/** Rows per query: a statement never holds more of the log than this. */
const PAGE = 5_000;

/** The first copy of each event id only (ledger_events_by_event_id makes the look-back a seek). */
const firstCopy = 'NOT EXISTS (SELECT 1 FROM ledger_events d WHERE d.event_id = e.event_id AND d.position < e.position)';
const oneUser = 'AND (@userId IS NULL OR partition_key = @userId)';

/**
 * A call debits its `quota` (the ledger's rule, `evolve`): summed by SQLite itself, so a month of
 * calls is one pass over the table in C, not a million events parsed in JavaScript. The contract
 * suite checks the sums against the rule.
 */
const USAGE_TOTALS = `
  SELECT CAST(partition_key AS INTEGER) AS userId, coalesce(max(username), '') AS username,
         total(CASE WHEN at < @from THEN quota END) AS quotaBefore, count(CASE WHEN at < @from THEN 1 END) AS requestsBefore,
         total(CASE WHEN at >= @from THEN quota END) AS quotaWithin, count(CASE WHEN at >= @from THEN 1 END) AS requestsWithin
  FROM (SELECT partition_key, payload ->> '$.metadata.occurredAt' AS at, payload ->> '$.data.quota' AS quota, payload ->> '$.data.username' AS username
        FROM ledger_events e WHERE type = 'UsageRecorded' ${oneUser} AND ${firstCopy})
  WHERE at < @to
  GROUP BY partition_key ORDER BY userId`;

/**
 * The embedded log read for statements. Event pages follow the primary key (`position > ?`), so a
 * read is one pass over the table however many pages it takes, and no read stays open between
 * pages while the ledger worker writes on the same file.
 */
export class SqliteLedgerHistory implements LedgerHistory {
  private readonly movementPage;
  private readonly usageTotalsQuery;

  constructor(db: SqliteDatabase) {
    this.movementPage = db.prepare<{ after: number; userId: string | null }, EventRow>(
      `SELECT position, payload FROM ledger_events e WHERE position > @after AND type <> 'UsageRecorded' ${oneUser} AND ${firstCopy} ORDER BY position LIMIT ${PAGE}`,
    );
    this.usageTotalsQuery = db.prepare<{ userId: string | null; from: number; to: number }, UsageTotal>(USAGE_TOTALS);
  }

  async *movementEvents({ userId }: LedgerHistoryQuery): AsyncIterable<LedgerEvent> {
    let after = -1;
    for (;;) {
      const page = this.movementPage.all({ after, userId: userId === undefined ? null : String(userId) });
      for (const row of page) yield toStoredEvent(row).event;
      const last = page.at(-1);
      if (!last || page.length < PAGE) return;
      after = last.position;
    }
  }

  async usageTotals({ userId, from, to }: LedgerHistoryQuery & { from: number; to: number }): Promise<UsageTotal[]> {
    return this.usageTotalsQuery.all({ userId: userId === undefined ? null : String(userId), from, to });
  }
}
