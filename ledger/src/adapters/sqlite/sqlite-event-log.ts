import type { LedgerEvent } from '@tollgate/wire';
import type {
  BatchHandler,
  EventLog,
  EventLogReader,
  StoredEvent,
  SubscribeOptions,
  Subscription,
} from '../../ports/event-log.js';
import { AppendSignal } from './append-signal.js';
import { EventLogTables } from './event-log-tables.js';
import { openDatabase, type SqliteDatabase } from './open-database.js';
import { SqliteSubscription, type SubscriptionTiming } from './sqlite-subscription.js';
import { WalSync } from './wal-sync.js';

export interface SqliteEventLogOptions extends Partial<SubscriptionTiming> {
  /** A file path (it may be shared with the balance store), or ':memory:'. */
  path: string;
  /**
   * The append counter (`newAppendCounter`) of the same file's log on another thread: appends on
   * either side then wake the other's subscribers at once, not at their next poll.
   */
  appendCounter?: SharedArrayBuffer;
}

const DEFAULT_MAX_BATCH = 500;
const READ_ALL_PAGE = 1_000;

/** Reports a failure as a process warning of its own type. */
const warning =
  (type: string) =>
  (error: unknown): void =>
    void process.emitWarning(error instanceof Error ? error : String(error), type);

const warn = warning('SqliteEventLogDeliveryFailed');

/** A database in memory has no disk to reach. */
const IN_MEMORY = { afterWrite: async () => undefined, close: async () => undefined };

/** The embedded event log: one SQLite table, consumer offsets beside it. */
export class SqliteEventLog implements EventLog, EventLogReader {
  private readonly tables: EventLogTables;
  private readonly appends: AppendSignal;
  private readonly timing: SubscriptionTiming;
  private readonly subscriptions = new Set<Subscription>();
  private readonly durable: Pick<WalSync, 'afterWrite' | 'close'>;

  constructor(
    private readonly db: SqliteDatabase,
    options: SqliteEventLogOptions,
  ) {
    this.tables = new EventLogTables(db);
    this.appends = AppendSignal.forPath(options.path, options.appendCounter);
    this.durable = options.path === ':memory:' ? IN_MEMORY : new WalSync(`${options.path}-wal`, warning('SqliteEventLogSyncFailed'));
    this.timing = { pollIntervalMs: options.pollIntervalMs ?? 100, retryBackoffMs: options.retryBackoffMs ?? 100, lingerMs: options.lingerMs ?? 0 };
  }

  async append(events: LedgerEvent[]): Promise<void> {
    if (events.length === 0) return;
    this.tables.insertAll(events);
    this.appends.notify();
    await this.durable.afterWrite();
  }

  async subscribe(group: string, handler: BatchHandler, options: SubscribeOptions = {}): Promise<Subscription> {
    const subscription = new SqliteSubscription({
      ...this.timing,
      tables: this.tables,
      appends: this.appends,
      group,
      handler,
      maxBatch: options.maxBatch ?? DEFAULT_MAX_BATCH,
      onError: options.onError ?? warn,
      ...(options.lingerMs === undefined ? {} : { lingerMs: options.lingerMs }),
    });
    this.subscriptions.add(subscription);
    this.tables.keepAppends(true);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
        this.tables.keepAppends(this.subscriptions.size > 0);
      },
    };
  }

  async *readAll(): AsyncIterable<StoredEvent> {
    let after = -1;
    for (;;) {
      const page = this.tables.readAfter(after, READ_ALL_PAGE);
      yield* page;
      const last = page[page.length - 1];
      if (!last || page.length < READ_ALL_PAGE) return;
      after = last.offset;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.subscriptions.clear();
    await this.durable.close();
    if (this.db.open) this.db.close();
  }
}

export function createSqliteEventLog(options: SqliteEventLogOptions): SqliteEventLog {
  return new SqliteEventLog(openDatabase(options.path), options);
}
