import type { Database } from 'better-sqlite3';
import type { OptionStore } from '../../../ports/documents/option-store.js';

/** Options as key/value rows. */
export function createSqliteOptionStore(db: Database): OptionStore {
  const selectAll = db.prepare('SELECT key, value FROM options');
  const upsert = db.prepare('INSERT INTO options (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  return {
    async all() {
      const rows = selectAll.all() as { key: string; value: string }[];
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    },
    async set(key, value) {
      upsert.run(key, value);
    },
  };
}
