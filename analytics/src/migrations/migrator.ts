import { z } from 'zod';
import type { AnalyticsQuerier } from '../ports/analytics-querier.js';
import { loadMigrations, type Migration } from './migration-files.js';

// ReplacingMergeTree + FINAL: two processes migrating at once record a version twice harmlessly.
const createMigrationsTable = `
CREATE TABLE IF NOT EXISTS schema_migrations
(
    version UInt32,
    name String,
    applied_at DateTime('UTC') DEFAULT now()
)
ENGINE = ReplacingMergeTree
ORDER BY version`;

const versionRow = z.object({ version: z.coerce.number().int() });

async function appliedVersions(querier: AnalyticsQuerier): Promise<Set<number>> {
  await querier.command(createMigrationsTable);
  const rows = await querier.query({ sql: 'SELECT version FROM schema_migrations FINAL', schema: versionRow });
  return new Set(rows.map((row) => row.version));
}

/**
 * Applies every migration not yet recorded, in version order, and returns the versions it applied.
 * Each statement is idempotent (IF NOT EXISTS), so a crash between a statement and its record is safe to rerun.
 */
export async function migrate(querier: AnalyticsQuerier, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  const applied = await appliedVersions(querier);
  const pending = all.filter((migration) => !applied.has(migration.version));
  for (const migration of pending) {
    for (const statement of migration.up) {
      await querier.command(statement);
    }
    await querier.insert('schema_migrations', [{ version: migration.version, name: migration.name }]);
  }
  return pending.map((migration) => migration.version);
}

/** Undoes applied migrations newer than `toVersion` (0 = all), newest first; returns the versions undone. */
export async function rollback(
  querier: AnalyticsQuerier,
  toVersion = 0,
  migrations?: Migration[],
): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  const applied = await appliedVersions(querier);
  const undo = all.filter((m) => m.version > toVersion && applied.has(m.version)).reverse();
  for (const migration of undo) {
    for (const statement of migration.down) {
      await querier.command(statement);
    }
    await querier.command('DELETE FROM schema_migrations WHERE version = {version:UInt32}', {
      version: migration.version,
    });
  }
  return undo.map((migration) => migration.version);
}
