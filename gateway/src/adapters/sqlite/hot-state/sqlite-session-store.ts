import Database from 'better-sqlite3';
import type { Session, SessionStore } from '../../../ports/hot-state/session-store.js';

const DDL = `
CREATE TABLE IF NOT EXISTS sessions (
  session_key TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
CREATE INDEX IF NOT EXISTS sessions_expiry ON sessions (expires_at);
`;

/**
 * Sessions as rows of the documents' SQLite file, on a connection of their own, so they live there
 * whichever engine holds the documents. Expired rows are swept at each sign-in.
 */
export function createSqliteSessionStore({ path }: { path: string }): SessionStore & { close(): void } {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  db.exec(DDL);
  const sweep = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  const insert = db.prepare('INSERT INTO sessions (session_key, user_id, expires_at) VALUES (?, ?, ?)');
  const select = db.prepare('SELECT user_id AS userId, expires_at AS expiresAt FROM sessions WHERE session_key = ? AND expires_at > ?');
  const remove = db.prepare('DELETE FROM sessions WHERE session_key = ?');
  const removeUser = db.prepare('DELETE FROM sessions WHERE user_id = ? AND session_key <> ? AND expires_at > ?');
  const removeExpiredOfUser = db.prepare('DELETE FROM sessions WHERE user_id = ? AND expires_at <= ?');
  return {
    async start(key, { userId, expiresAt }) {
      sweep.run(Date.now());
      insert.run(key, userId, expiresAt);
    },
    async find(key) {
      return (select.get(key, Date.now()) as Session | undefined) ?? null;
    },
    async end(key) {
      remove.run(key);
    },
    async endAllOf(userId, keep = '') {
      const now = Date.now();
      removeExpiredOfUser.run(userId, now);
      return removeUser.run(userId, keep, now).changes;
    },
    close: () => db.close(),
  };
}
