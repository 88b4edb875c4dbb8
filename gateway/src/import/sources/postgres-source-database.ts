import pg from 'pg';
import { keysetPages } from './keyset-pages.js';
import type { SourceDatabase, SourceRow } from './source-database.js';

/** Table names come from the importer's own list, never from input; double-quoted as GORM does on PostgreSQL. */
const quoted = (table: string) => `"${table.replaceAll('"', '""')}"`;

const JSON_OIDS = new Set([pg.types.builtins.JSON, pg.types.builtins.JSONB]);

/** GORM's `json` columns (tasks.data, channels.channel_info) as their text, as SQLite gives them. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    JSON_OIDS.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A new-api/one-api database on PostgreSQL (`postgres://…`), read through one client. BIGINTs and
 * NUMERICs arrive as strings and booleans as booleans; the column readers take either.
 */
export async function openPostgresSource(connectionString: string): Promise<SourceDatabase> {
  const client = new pg.Client({ connectionString, types });
  await client.connect();
  const rows = async (sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as SourceRow[];
  return {
    async hasTable(table) {
      return (await rows('SELECT to_regclass($1) IS NOT NULL AS present', [quoted(table)]))[0]?.present === true;
    },
    async count(table) {
      return Number((await rows(`SELECT count(*) AS n FROM ${quoted(table)}`))[0]?.n);
    },
    async countThrough(table, lastId) {
      return Number((await rows(`SELECT count(*) AS n FROM ${quoted(table)} WHERE id <= $1`, [lastId]))[0]?.n);
    },
    batches(table, size, afterId) {
      return keysetPages((after, limit) => rows(`SELECT * FROM ${quoted(table)} WHERE id > $1 ORDER BY id LIMIT $2`, [after, limit]), size, afterId);
    },
    all(table) {
      return rows(`SELECT * FROM ${quoted(table)}`);
    },
    async close() {
      await client.end();
    },
  };
}
