import Database from 'better-sqlite3';
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
    async *batches(table, size) {
      const page = db.prepare(`SELECT * FROM ${quoted(table)} WHERE id > ? ORDER BY id LIMIT ?`);
      for (let after = -1; ; ) {
        const rows = page.all(after, size) as SourceRow[];
        if (rows.length === 0) return;
        yield rows;
        after = Number(rows[rows.length - 1]?.id);
      }
    },
    async all(table) {
      return db.prepare(`SELECT * FROM ${quoted(table)}`).all() as SourceRow[];
    },
    async close() {
      db.close();
    },
  };
}
