import Database from 'better-sqlite3';
import { keysetPages } from './keyset-pages.js';
import type { SourceDatabase, SourceRow } from './source-database.js';

/** Table names come from the importer's own list, never from input; quoted as GORM quotes them. */
const quoted = (table: string) => `"${table.replaceAll('"', '""')}"`;

/** A new-api/one-api SQLite file (one-api.db), opened read only: the import never writes to its source. */
export function openSqliteSource(path: string): SourceDatabase {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  return {
    async hasTable(table) {
      return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
    },
    async count(table) {
      return (db.prepare(`SELECT count(*) AS n FROM ${quoted(table)}`).get() as { n: number }).n;
    },
    async countThrough(table, lastId) {
      return (db.prepare(`SELECT count(*) AS n FROM ${quoted(table)} WHERE id <= ?`).get(lastId) as { n: number }).n;
    },
    batches(table, size, afterId) {
      const page = db.prepare(`SELECT * FROM ${quoted(table)} WHERE id > ? ORDER BY id LIMIT ?`);
      return keysetPages(async (after, limit) => page.all(after, limit) as SourceRow[], size, afterId);
    },
    async all(table) {
      return db.prepare(`SELECT * FROM ${quoted(table)}`).all() as SourceRow[];
    },
    async close() {
      db.close();
    },
  };
}
