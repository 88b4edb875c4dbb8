import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createChdbQuerier } from '../adapters/chdb/chdb-querier.js';
import { migrate } from '../migrations/migrator.js';
import type { AnalyticsQuerier } from '../ports/analytics-querier.js';

/**
 * A chdb engine on a fresh directory with every migration applied, closed and removed after the
 * test file. chdb allows one data directory per process: a file's tests share this one engine.
 */
export async function migratedChdb(name: string): Promise<AnalyticsQuerier> {
  const dir = await mkdtemp(join(tmpdir(), `tollgate-${name}-`));
  const querier = createChdbQuerier({ path: dir });
  await migrate(querier);
  afterAll(async () => {
    await querier.close();
    await rm(dir, { recursive: true, force: true });
  });
  return querier;
}
