import type { ConnectionOptions } from 'mysql2';
import { openMysqlSource } from './mysql-source-database.js';
import { openPostgresSource } from './postgres-source-database.js';
import type { SourceDatabase } from './source-database.js';
import { openSqliteSource } from './sqlite-source-database.js';

/**
 * new-api's own SQL_DSN for MySQL, Go's driver format: `user:pass@tcp(host:port)/db?params`
 * (or `unix(/path/to.sock)`). The password may hold `@`: the last `@tcp(` ends it.
 */
const GO_MYSQL_DSN = /^(?<user>[^:@]*)(?::(?<password>.*))?@(?<net>tcp|unix)\((?<address>[^)]*)\)\/(?<database>[^?]*)(?:\?.*)?$/;

export function goDsnOptions(dsn: string): ConnectionOptions | null {
  const match = GO_MYSQL_DSN.exec(dsn)?.groups;
  if (!match) return null;
  const credentials = { user: match.user, password: match.password ?? '', database: match.database };
  if (match.net === 'unix') return { ...credentials, socketPath: match.address };
  const [host, port] = (match.address || '127.0.0.1:3306').split(/:(?=\d+$)/);
  return { ...credentials, host: host || '127.0.0.1', port: Number(port ?? 3306) };
}

/** Which database a source argument names, as new-api reads SQL_DSN, plus a path for SQLite. */
export function sourceKind(source: string): 'mysql' | 'postgres' | 'sqlite' {
  if (/^postgres(ql)?:\/\//.test(source)) return 'postgres';
  if (source.startsWith('mysql://') || GO_MYSQL_DSN.test(source)) return 'mysql';
  return 'sqlite';
}

/** Opens the source a CLI argument or an API request names: a SQLite path, a MySQL/MariaDB or PostgreSQL DSN. */
export function openSource(source: string): Promise<SourceDatabase> {
  if (/^(clickhouse|tcp|https?):\/\//.test(source)) return Promise.reject(new Error("new-api's ClickHouse log database (LOG_SQL_DSN) cannot be read; SQLite, MySQL/MariaDB and PostgreSQL can"));
  switch (sourceKind(source)) {
    case 'postgres':
      return openPostgresSource(source);
    case 'mysql':
      return openMysqlSource(goDsnOptions(source) ?? { uri: source });
    case 'sqlite':
      return Promise.resolve(openSqliteSource(source));
  }
}

/** The source, and new-api's log database when it had one apart; `close` closes both. */
export interface OpenSources {
  source: SourceDatabase;
  logSource?: SourceDatabase;
  close(): Promise<void>;
}

/** Opens both sources (an unreachable one fails here, before anything is imported). */
export async function openSources(args: { source: string; logSource?: string }): Promise<OpenSources> {
  const source = await openSource(args.source);
  try {
    const logSource = args.logSource ? await openSource(args.logSource) : undefined;
    return { source, logSource, close: async () => void (await Promise.allSettled([source.close(), logSource?.close()])) };
  } catch (error) {
    await source.close();
    throw error;
  }
}
