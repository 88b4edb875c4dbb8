import type { LedgerEvent } from '@tollgate/wire';
import { readLedgerEvent } from '../../events/read-event.js';
import { partitionKey } from '../../events/partition-key.js';
import { EventSchemaError } from '../../errors.js';
import type { StoredEvent } from '../../ports/event-log.js';
import type { SqliteDatabase } from './open-database.js';
import { RecentAppends } from './recent-appends.js';
import { SubscriptionWindowCalls } from './subscription-window-calls.js';

/** The embedded log has one partition: a single writer file keeps one total order already. */
export const SQLITE_PARTITION = 0;

/** Appended events kept for this process's consumers: a whole batch of the largest size (analytics' 4,000). */
const RECENT_APPENDS = 4_096;

/** `position` is the offset; AUTOINCREMENT so an offset is never reused, even after deletes. */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS ledger_events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    partition_key TEXT NOT NULL,
    event_id TEXT NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL
  );
  -- Statements once found a retried append's second copy by id here; they read analytics'
  -- ledger_movements now, so the index only slowed every append (files made before keep it until this).
  DROP INDEX IF EXISTS ledger_events_by_event_id;
  CREATE TABLE IF NOT EXISTS ledger_consumer_offsets (
    group_name TEXT NOT NULL,
    partition INTEGER NOT NULL,
    committed_offset INTEGER NOT NULL,
    PRIMARY KEY (group_name, partition)
  );
`;

export interface EventRow {
  position: number;
  payload: string;
}

/**
 * A row this process appended, read through the schema when a consumer first asks for it and
 * kept: every consumer of the process shares that one parse, and a process whose consumers run
 * elsewhere never pays it.
 */
class AppendedRow {
  private stored: StoredEvent | undefined;

  constructor(private readonly row: EventRow) {}

  get offset(): number {
    return this.row.position;
  }

  read(): StoredEvent {
    return (this.stored ??= toStoredEvent(this.row));
  }
}

/** The event log's SQL: rows in, validated events out. */
export class EventLogTables {
  private readonly insertEvent;
  private readonly selectAfter;
  private readonly selectCommitted;
  private readonly selectLastOffset;
  private readonly upsertCommitted;
  private readonly insertInTransaction: (events: LedgerEvent[]) => EventRow[];
  private readonly recent = new RecentAppends<AppendedRow>(RECENT_APPENDS);
  /** Whether a consumer in this process reads the appends; none (the relay's thread when the workers have their own) keeps none. */
  private keepingAppends = false;

  constructor(db: SqliteDatabase) {
    db.exec(SCHEMA);
    this.insertEvent = db.prepare<[string, string, string, string]>(
      'INSERT INTO ledger_events (partition_key, event_id, type, payload) VALUES (?, ?, ?, ?)',
    );
    this.selectAfter = db.prepare<[number, number], EventRow>(
      'SELECT position, payload FROM ledger_events WHERE position > ? ORDER BY position LIMIT ?',
    );
    this.selectCommitted = db.prepare<[string, number], { committed_offset: number }>(
      'SELECT committed_offset FROM ledger_consumer_offsets WHERE group_name = ? AND partition = ?',
    );
    this.selectLastOffset = db.prepare<[], { last: number }>('SELECT coalesce(max(position), -1) AS last FROM ledger_events');
    this.upsertCommitted = db.prepare<[string, number, number]>(
      `INSERT INTO ledger_consumer_offsets (group_name, partition, committed_offset) VALUES (?, ?, ?)
       ON CONFLICT (group_name, partition) DO UPDATE SET committed_offset = excluded.committed_offset`,
    );
    const windowCalls = new SubscriptionWindowCalls(db);
    this.insertInTransaction = db.transaction((events: LedgerEvent[]) =>
      events.map((event) => {
        windowCalls.record(event);
        const payload = JSON.stringify(event);
        const { lastInsertRowid } = this.insertEvent.run(partitionKey(event), event.metadata.eventId, event.type, payload);
        return { position: Number(lastInsertRowid), payload };
      }),
    );
  }

  /** Appends a whole call in one transaction, so a batch is durable all at once or not at all. */
  insertAll(events: LedgerEvent[]): void {
    const rows = this.insertInTransaction(events);
    if (this.keepingAppends) for (const row of rows) this.recent.add(new AppendedRow(row));
  }

  /**
   * Keeps this process's appends for its consumers while it has any. A consumer that starts later
   * reads what came before from the table, as one further behind does.
   */
  keepAppends(keep: boolean): void {
    this.keepingAppends = keep;
    if (!keep) this.recent.clear();
  }

  /** Up to `limit` events after `offset`, in order. Throws EventSchemaError on a row that fails its schema. */
  readAfter(offset: number, limit: number): StoredEvent[] {
    return this.recent.after(offset, limit)?.map((row) => row.read()) ?? this.selectAfter.all(offset, limit).map(toStoredEvent);
  }

  /** The last offset the group handled, or -1. */
  committedOffset(group: string): number {
    return this.selectCommitted.get(group, SQLITE_PARTITION)?.committed_offset ?? -1;
  }

  /** The offset of the last event in the log, or -1 when it is empty. */
  lastOffset(): number {
    return this.selectLastOffset.get()?.last ?? -1;
  }

  commit(group: string, offset: number): void {
    this.upsertCommitted.run(group, SQLITE_PARTITION, offset);
  }
}

/** The consumer boundary: a row becomes an event only through the schema. */
export function toStoredEvent(row: EventRow): StoredEvent {
  const context = { partition: SQLITE_PARTITION, offset: row.position };
  try {
    // The row's text goes along: analytics keeps each event whole and need not write it out again.
    return { ...context, event: readLedgerEvent(JSON.parse(row.payload)), json: row.payload };
  } catch (cause) {
    throw new EventSchemaError(context, { cause });
  }
}
