import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

/** How long a writer waits for another process's write lock before failing. */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * WAL lets the relay append while the ledger reads and writes balances in the same file, from
 * one process or several; the busy timeout turns a brief lock clash into a wait, not an error.
 */
export function openDatabase(path: string): SqliteDatabase {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return db;
}
