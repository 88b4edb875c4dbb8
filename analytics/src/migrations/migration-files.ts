import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Migration {
  version: number;
  name: string;
  /** Statements to apply, in order (ClickHouse runs one statement per request). */
  up: string[];
  /** Statements that undo `up`, from the sibling `NNNN_name.down.sql`. */
  down: string[];
}

export const defaultMigrationsDir = fileURLToPath(new URL('../../migrations/', import.meta.url));

const upFileName = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Splits a SQL file on statement-ending semicolons, dropping `--` comment lines. */
export function splitStatements(sql: string): string[] {
  const withoutComments = sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n');
  return withoutComments
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

/** Reads `NNNN_name.sql` and its `.down.sql` sibling, ordered by version. */
export async function loadMigrations(dir: string = defaultMigrationsDir): Promise<Migration[]> {
  const files = await readdir(dir);
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = upFileName.exec(file);
    if (!match?.[1] || !match[2]) {
      continue;
    }
    const base = file.slice(0, -'.sql'.length);
    migrations.push({
      version: Number(match[1]),
      name: match[2],
      up: splitStatements(await readFile(join(dir, file), 'utf8')),
      down: splitStatements(await readFile(join(dir, `${base}.down.sql`), 'utf8')),
    });
  }
  return migrations.sort((a, b) => a.version - b.version);
}
