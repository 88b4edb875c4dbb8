import { emptyChannel, emptyToken, emptyUser } from '../../decider/accounts.js';
import type { BalanceLoader } from '../../decider/balance-book.js';
import type { AccountIds, BalancesChanged, ChannelBalance, TokenBalance, UserBalance } from '../../ports/balance-store.js';
import type { SqliteDatabase } from './open-database.js';

/**
 * `ledger_applied_events` remembers each applied event id, because a producer that retried an
 * append can put the same event at a second offset, past the checkpoint; `applied_at` (the store's
 * clock) lets the worker forget the ids older than its dedup window.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS ledger_user_balances (
    user_id INTEGER PRIMARY KEY, quota INTEGER NOT NULL, used_quota INTEGER NOT NULL, request_count INTEGER NOT NULL,
    aff_quota INTEGER NOT NULL DEFAULT 0, aff_history_quota INTEGER NOT NULL DEFAULT 0, aff_count INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE IF NOT EXISTS ledger_token_balances (
    token_id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, remain_quota INTEGER NOT NULL,
    used_quota INTEGER NOT NULL, unlimited INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ledger_channel_balances (channel_id INTEGER PRIMARY KEY, used_quota INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS ledger_checkpoints (partition INTEGER PRIMARY KEY, last_offset INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS ledger_applied_events (event_id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL);
`;

/** The invite account came later: a file made before it gets the columns (every user at zero). */
const INVITE_COLUMNS = ['aff_quota', 'aff_history_quota', 'aff_count'];

function addInviteColumns(db: SqliteDatabase): void {
  const present = new Set(db.prepare<[], string>("SELECT name FROM pragma_table_info('ledger_user_balances')").pluck().all());
  for (const column of INVITE_COLUMNS) {
    if (!present.has(column)) db.exec(`ALTER TABLE ledger_user_balances ADD COLUMN ${column} INTEGER NOT NULL DEFAULT 0`);
  }
}

/**
 * Markers written before they carried a time read as applied when this file was first opened with
 * times (a constant default: SQLite adds the column without rewriting a row), so they are forgotten
 * one window after the upgrade, never before a duplicate of a recent one could still come.
 */
function timeMarkers(db: SqliteDatabase, openedAt: number): void {
  const present = new Set(db.prepare<[], string>("SELECT name FROM pragma_table_info('ledger_applied_events')").pluck().all());
  if (!present.has('applied_at')) db.exec(`ALTER TABLE ledger_applied_events ADD COLUMN applied_at INTEGER NOT NULL DEFAULT ${Math.trunc(openedAt)}`);
  db.exec('CREATE INDEX IF NOT EXISTS ledger_applied_events_by_time ON ledger_applied_events (applied_at)');
}

interface TokenRow {
  token_id: number;
  user_id: number;
  remain_quota: number;
  used_quota: number;
  unlimited: number;
}

/** The balance store's SQL; every method is synchronous so it can run inside one transaction. */
export class BalanceTables implements BalanceLoader {
  private readonly statements;

  constructor(db: SqliteDatabase, openedAt: number) {
    db.exec(SCHEMA);
    addInviteColumns(db);
    timeMarkers(db, openedAt);
    this.statements = {
      user: db.prepare<[number], UserBalance>(
        'SELECT user_id AS userId, quota, used_quota AS usedQuota, request_count AS requestCount, aff_quota AS affQuota, ' +
          'aff_history_quota AS affHistoryQuota, aff_count AS affCount FROM ledger_user_balances WHERE user_id = ?',
      ),
      token: db.prepare<[number], TokenRow>('SELECT * FROM ledger_token_balances WHERE token_id = ?'),
      channel: db.prepare<[number], ChannelBalance>(
        'SELECT channel_id AS channelId, used_quota AS usedQuota FROM ledger_channel_balances WHERE channel_id = ?',
      ),
      putUser: db.prepare<[number, number, number, number, number, number, number]>(
        'INSERT OR REPLACE INTO ledger_user_balances (user_id, quota, used_quota, request_count, aff_quota, aff_history_quota, aff_count) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      putToken: db.prepare<[number, number, number, number, number]>('INSERT OR REPLACE INTO ledger_token_balances VALUES (?, ?, ?, ?, ?)'),
      putChannel: db.prepare<[number, number]>('INSERT OR REPLACE INTO ledger_channel_balances VALUES (?, ?)'),
      checkpoint: db.prepare<[number], { last_offset: number }>('SELECT last_offset FROM ledger_checkpoints WHERE partition = ?'),
      putCheckpoint: db.prepare<[number, number]>('INSERT OR REPLACE INTO ledger_checkpoints VALUES (?, ?)'),
      checkpointSum: db.prepare<[], number>('SELECT COALESCE(SUM(last_offset), 0) FROM ledger_checkpoints').pluck(),
      markApplied: db.prepare<[string, number]>('INSERT OR IGNORE INTO ledger_applied_events (event_id, applied_at) VALUES (?, ?)'),
      // By rowid through the time index: one bounded delete, however many markers are due.
      forgetApplied: db.prepare<[number, number]>(
        'DELETE FROM ledger_applied_events WHERE rowid IN (SELECT rowid FROM ledger_applied_events WHERE applied_at < ? ORDER BY applied_at LIMIT ?)',
      ),
      userIds: db.prepare<[], number>('SELECT user_id FROM ledger_user_balances ORDER BY user_id').pluck(),
      tokenIds: db.prepare<[], number>('SELECT token_id FROM ledger_token_balances ORDER BY token_id').pluck(),
      channelIds: db.prepare<[], number>('SELECT channel_id FROM ledger_channel_balances ORDER BY channel_id').pluck(),
    };
  }

  user(userId: number): UserBalance {
    return this.statements.user.get(userId) ?? emptyUser(userId);
  }

  token(tokenId: number): TokenBalance {
    const row = this.statements.token.get(tokenId);
    if (!row) return emptyToken(tokenId);
    return {
      tokenId: row.token_id,
      userId: row.user_id,
      remainQuota: row.remain_quota,
      usedQuota: row.used_quota,
      unlimited: row.unlimited === 1,
    };
  }

  channel(channelId: number): ChannelBalance {
    return this.statements.channel.get(channelId) ?? emptyChannel(channelId);
  }

  /** The last offset applied from `partition`, or -1. */
  checkpoint(partition: number): number {
    return this.statements.checkpoint.get(partition)?.last_offset ?? -1;
  }

  putCheckpoint(partition: number, offset: number): void {
    this.statements.putCheckpoint.run(partition, offset);
  }

  /** Every partition's checkpoint added up: it grows with each applied batch, a version for what the batch announces. */
  checkpointSum(): number {
    return this.statements.checkpointSum.get() ?? 0;
  }

  /** True the first time an event id is seen, false for a duplicate. */
  markApplied(eventId: string, appliedAt: number): boolean {
    return this.statements.markApplied.run(eventId, appliedAt).changes === 1;
  }

  /** Deletes up to `limit` markers applied before `cutoff`, the oldest first; returns how many. */
  forgetAppliedBefore(cutoff: number, limit: number): number {
    return this.statements.forgetApplied.run(cutoff, limit).changes;
  }

  putBalances({ users, tokens, channels }: Pick<BalancesChanged, 'users' | 'tokens' | 'channels'>): void {
    for (const u of users) this.statements.putUser.run(u.userId, u.quota, u.usedQuota, u.requestCount, u.affQuota, u.affHistoryQuota, u.affCount);
    for (const t of tokens) {
      this.statements.putToken.run(t.tokenId, t.userId, t.remainQuota, t.usedQuota, t.unlimited ? 1 : 0);
    }
    for (const c of channels) this.statements.putChannel.run(c.channelId, c.usedQuota);
  }

  accountIds(): AccountIds {
    return {
      userIds: this.statements.userIds.all(),
      tokenIds: this.statements.tokenIds.all(),
      channelIds: this.statements.channelIds.all(),
    };
  }
}
