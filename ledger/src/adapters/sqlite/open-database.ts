import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

/** How long a writer waits for another process's write lock before failing. */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * WAL lets the relay append while the ledger reads and writes balances in the same file, from
 * one process or several; the busy timeout turns a brief lock clash into a wait, not an error.
 *
 * Commits do not fsync (synchronous=NORMAL, stated here rather than left to the build's default):
 * a commit is in the OS when it returns, so a process that crashes loses nothing. The log's
 * appends reach the disk through `WalSync`, off the event loop; balances and offsets ride along.
 * WAL recovery after a power cut keeps a prefix of the commits, so state derived from the events
 * never outlives the events it came from, and what a power cut takes back is derived again.
 */
export function openDatabase(path: string): SqliteDatabase {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma('synchronous = NORMAL');
  return db;
}
