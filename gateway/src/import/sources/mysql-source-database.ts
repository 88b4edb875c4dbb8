import { type ConnectionOptions, createConnection } from 'mysql2/promise';
import { keysetPages } from './keyset-pages.js';
import type { SourceDatabase, SourceRow } from './source-database.js';

/** Table names come from the importer's own list, never from input; backquoted as GORM does on MySQL (`group`, `key` are reserved). */
const quoted = (table: string) => `\`${table.replaceAll('`', '``')}\``;

/**
 * A new-api/one-api database on MySQL or MariaDB, read through one connection. GORM's `json`
 * columns (tasks.data, channels.channel_info) arrive as their text, as SQLite gives them; BIGINTs
 * past 2^53 arrive as strings rather than rounded numbers.
 */
export async function openMysqlSource(options: ConnectionOptions): Promise<SourceDatabase> {
  const connection = await createConnection({ ...options, supportBigNumbers: true, jsonStrings: true, dateStrings: false });
  const rows = async (sql: string, params: unknown[] = []) => (await connection.query(sql, params))[0] as SourceRow[];
  return {
    async hasTable(table) {
      return (await rows('SELECT 1 FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?', [table])).length > 0;
    },
    async count(table) {
      return Number((await rows(`SELECT count(*) AS n FROM ${quoted(table)}`))[0]?.n);
    },
    async countThrough(table, lastId) {
      return Number((await rows(`SELECT count(*) AS n FROM ${quoted(table)} WHERE id <= ?`, [lastId]))[0]?.n);
    },
    batches(table, size, afterId) {
      return keysetPages((after, limit) => rows(`SELECT * FROM ${quoted(table)} WHERE id > ? ORDER BY id LIMIT ?`, [after, limit]), size, afterId);
    },
    all(table) {
      return rows(`SELECT * FROM ${quoted(table)}`);
    },
    async close() {
      await connection.end();
    },
  };
}
