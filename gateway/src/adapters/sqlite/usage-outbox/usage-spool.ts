import type { LedgerEvent } from '@tollgate/wire';
import { openDatabase, type SqliteDatabase, SubscriptionWindowCalls, WalSync } from '@tollgate/ledger/sqlite';
import type { OwedHold } from '../../../ports/hot-state/hold-store.js';

/** Events taken from the head of the spool, and the position of the last of them. */
export interface SpooledBatch {
  through: number;
  events: LedgerEvent[];
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS spooled_events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    payload TEXT NOT NULL,
    hold_id TEXT, user_id INTEGER, token_id INTEGER, amount INTEGER, windows TEXT
  )`;

interface HoldColumns {
  hold_id: string | null;
  user_id: number | null;
  token_id: number | null;
  amount: number | null;
  /** JSON of the subscription windows the hold counted in; null when the wallet paid. */
  windows: string | null;
}

const NO_HOLD: HoldColumns = { hold_id: null, user_id: null, token_id: null, amount: null, windows: null };

/** A usage event's hold, kept beside it so the owed holds are read without parsing every payload. */
function holdColumns(event: LedgerEvent): HoldColumns {
  if (event.type !== 'UsageRecorded') return NO_HOLD;
  const { holdId, userId, tokenId, quota, subscriptionWindows } = event.data;
  return { hold_id: holdId, user_id: userId, token_id: tokenId, amount: quota, windows: subscriptionWindows ? JSON.stringify(subscriptionWindows) : null };
}

/** The spool's table; one left by a gateway from before the windows column gains it (its rows were all held on the wallet). */
export function createSpoolTable(db: SqliteDatabase): void {
  db.exec(SCHEMA);
  const columns = db.prepare('PRAGMA table_info(spooled_events)').all() as { name: string }[];
  if (!columns.some((c) => c.name === 'windows')) db.exec('ALTER TABLE spooled_events ADD COLUMN windows TEXT');
}

export interface UsageSpoolOptions {
  /**
   * Also record each subscription-paid call against its windows (subscription_window_calls), in
   * the append's transaction, for in-process holds to start their windows from after a restart
   * (spool-window-usage.ts). Off when Redis keeps the windows.
   */
  recordWindows?: boolean;
}

/**
 * A cluster gateway's usage events that Kafka does not have yet, in a SQLite file of its own under
 * DATA_DIR: first in, first out. An append commits before it returns (synchronous=NORMAL: a crash
 * of the process loses nothing), then reaches the disk through one fsync off the event loop.
 */
export class UsageSpool {
  private readonly insert;
  private readonly selectHead;
  private readonly deleteThrough;
  private readonly selectOwed;
  private readonly insertAll: (events: LedgerEvent[]) => void;
  private count: number;

  private constructor(
    private readonly db: SqliteDatabase,
    private readonly durable: Pick<WalSync, 'afterWrite' | 'close'>,
    options: UsageSpoolOptions,
  ) {
    createSpoolTable(db);
    this.insert = db.prepare<[string, HoldColumns]>(
      'INSERT INTO spooled_events (payload, hold_id, user_id, token_id, amount, windows) VALUES (?, @hold_id, @user_id, @token_id, @amount, @windows)',
    );
    this.selectHead = db.prepare<[number], { position: number; payload: string }>('SELECT position, payload FROM spooled_events ORDER BY position LIMIT ?');
    this.deleteThrough = db.prepare<[number]>('DELETE FROM spooled_events WHERE position <= ?');
    this.selectOwed = db.prepare<[], Omit<OwedHold, 'windows'> & { windows: string | null }>(
      'SELECT hold_id AS holdId, user_id AS userId, token_id AS tokenId, amount, windows FROM spooled_events WHERE hold_id IS NOT NULL',
    );
    const windowCalls = options.recordWindows ? new SubscriptionWindowCalls(db) : null;
    this.insertAll = db.transaction((events: LedgerEvent[]) => {
      for (const event of events) {
        this.insert.run(JSON.stringify(event), holdColumns(event));
        windowCalls?.record(event);
      }
    });
    this.count = (db.prepare('SELECT count(*) AS n FROM spooled_events').get() as { n: number }).n;
  }

  static open(path: string, onSyncError: (error: unknown) => void, options: UsageSpoolOptions = {}): UsageSpool {
    return new UsageSpool(openDatabase(path), new WalSync(`${path}-wal`, onSyncError), options);
  }

  /** How many events wait in the spool. */
  get size(): number {
    return this.count;
  }

  append(events: LedgerEvent[]): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    this.insertAll(events);
    this.count += events.length;
    return this.durable.afterWrite();
  }

  /** The oldest `limit` events, in the order they were appended; null when the spool is empty. */
  head(limit: number): SpooledBatch | null {
    const rows = this.selectHead.all(limit);
    const last = rows.at(-1);
    if (!last) return null;
    // Written by this gateway from events it built; every consumer of the log parses at its own boundary.
    return { through: last.position, events: rows.map((row) => JSON.parse(row.payload) as LedgerEvent) };
  }

  /** Forgets the events through `position`: the log has them. A closed spool keeps them for the next start. */
  remove(through: number): void {
    if (!this.db.open) return;
    this.count -= this.deleteThrough.run(through).changes;
  }

  /** The holds of the usage events in the spool: charges owed to the ledger. */
  owedHolds(): OwedHold[] {
    // The windows were written here from the event's own field (holdColumns).
    return this.selectOwed.all().map(({ windows, ...hold }) => (windows ? { ...hold, windows: JSON.parse(windows) as OwedHold['windows'] } : hold));
  }

  async close(): Promise<void> {
    await this.durable.close();
    if (this.db.open) this.db.close();
  }
}
