import { BalanceBook } from '../../decider/balance-book.js';
import type {
  AccountIds,
  BalanceInventory,
  BalanceStore,
  BalancesChanged,
  ChannelBalance,
  Clock,
  TokenBalance,
  UserBalance,
} from '../../ports/balance-store.js';
import type { StoredEvent } from '../../ports/event-log.js';
import { BalanceTables } from './balance-tables.js';
import { openDatabase, type SqliteDatabase } from './open-database.js';

export interface SqliteBalanceStoreOptions {
  /** A file path (it may be shared with the event log), or ':memory:'. */
  path: string;
  /** When a marker says its event was applied; tests pass their own. Default: the system clock. */
  now?: Clock;
}

/** Balances and per-partition checkpoints in one SQLite file, written in one transaction per batch. */
export class SqliteBalanceStore implements BalanceStore, BalanceInventory {
  private readonly tables: BalanceTables;
  private readonly applyAtomically: (batch: StoredEvent[]) => BalancesChanged;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly now: Clock = Date.now,
  ) {
    this.tables = new BalanceTables(db, now());
    // IMMEDIATE takes the write lock before reading the checkpoint: a deferred transaction that
    // reads, then writes, fails with SQLITE_BUSY (no wait) if another process wrote in between.
    this.applyAtomically = db.transaction((batch: StoredEvent[]) => this.applyBatch(batch)).immediate;
  }

  async apply(batch: StoredEvent[]): Promise<BalancesChanged> {
    return this.applyAtomically(batch);
  }

  async checkpoint(partition: number): Promise<number> {
    return this.tables.checkpoint(partition);
  }

  async users(userIds: number[]): Promise<UserBalance[]> {
    return userIds.map((userId) => this.tables.user(userId));
  }

  async tokens(tokenIds: number[]): Promise<TokenBalance[]> {
    return tokenIds.map((tokenId) => this.tables.token(tokenId));
  }

  async channels(channelIds: number[]): Promise<ChannelBalance[]> {
    return channelIds.map((channelId) => this.tables.channel(channelId));
  }

  async forgetAppliedEvents(windowMs: number, limit: number): Promise<number> {
    return this.tables.forgetAppliedBefore(this.now() - windowMs, limit);
  }

  async accountIds(): Promise<AccountIds> {
    return this.tables.accountIds();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  /** Runs inside the transaction: skip what the checkpoint or the event id says was applied. */
  private applyBatch(batch: StoredEvent[]): BalancesChanged {
    const book = new BalanceBook(this.tables);
    const appliedAt = this.now();
    const checkpoints = new Map<number, number>();
    for (const { partition, offset, event } of batch) {
      const checkpoint = checkpoints.get(partition) ?? this.tables.checkpoint(partition);
      if (offset <= checkpoint) continue;
      checkpoints.set(partition, offset);
      if (this.tables.markApplied(event.metadata.eventId, appliedAt)) book.apply(event);
    }
    const changes = book.changes();
    this.tables.putBalances(changes);
    for (const [partition, offset] of checkpoints) this.tables.putCheckpoint(partition, offset);
    const version = this.tables.checkpointSum();
    return { ...changes, users: changes.users.map((user) => ({ ...user, version })), tokens: changes.tokens.map((token) => ({ ...token, version })) };
  }
}

export function createSqliteBalanceStore(options: SqliteBalanceStoreOptions): SqliteBalanceStore {
  return new SqliteBalanceStore(openDatabase(options.path), options.now);
}
