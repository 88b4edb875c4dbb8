import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { sourceKind } from '../sources/open-source.js';
import type { Dialect } from './new-api-tables.js';

/** A new-api database being written by a test: SQL with `?` placeholders, on any of the three engines. */
export interface FixtureEngine {
  dialect: Dialect;
  run(sql: string, params?: unknown[]): Promise<void>;
  rows(sql: string): Promise<Record<string, unknown>[]>;
  /** A FROM item yielding the integers 1..n as column `i`, built by the engine itself. */
  series(n: number): string;
  close(): Promise<void>;
}

function sqliteEngine(path: string): FixtureEngine {
  const db = new Database(path);
  return {
    dialect: 'sqlite',
    run: async (sql, params = []) => void db.prepare(sql).run(...params),
    rows: async (sql) => db.prepare(sql).all() as Record<string, unknown>[],
    series: (n) => `(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n}) SELECT i FROM n) AS n`,
    close: async () => void db.close(),
  };
}

async function mysqlEngine(url: string): Promise<FixtureEngine> {
  const connection = await createConnection({ uri: url });
  return {
    dialect: 'mysql',
    run: async (sql, params = []) => void (await connection.query(sql, params)),
    rows: async (sql) => (await connection.query(sql))[0] as Record<string, unknown>[],
    // MariaDB's Sequence engine: a virtual table per range, no rows stored.
    series: (n) => `(SELECT seq AS i FROM seq_1_to_${n}) AS n`,
    close: () => connection.end(),
  };
}

async function postgresEngine(url: string): Promise<FixtureEngine> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const numbered = (sql: string) => sql.replace(/\?/g, ((n) => () => `$${++n}`)(0));
  return {
    dialect: 'postgres',
    run: async (sql, params = []) => void (await client.query(numbered(sql), params)),
    rows: async (sql) => (await client.query(sql)).rows,
    series: (n) => `generate_series(1, ${n}) AS n(i)`,
    close: () => client.end(),
  };
}

/** The engine a source argument names (a SQLite path, a MariaDB or PostgreSQL URL), for writing. */
export function openFixtureEngine(source: string): Promise<FixtureEngine> {
  const kind = sourceKind(source);
  if (kind === 'mysql') return mysqlEngine(source);
  if (kind === 'postgres') return postgresEngine(source);
  return Promise.resolve(sqliteEngine(source));
}

/** A new, empty database on the server `serverUrl` names (MARIADB_URL, POSTGRES_URL); its URL. */
export async function freshDatabase(serverUrl: string): Promise<string> {
  const name = `newapi_${randomBytes(4).toString('hex')}`;
  const engine = await openFixtureEngine(serverUrl);
  try {
    await engine.run(`CREATE DATABASE ${name}`);
  } finally {
    await engine.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
