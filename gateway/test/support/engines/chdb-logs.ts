import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnalyticsQuerier, type LogRow, migrate } from '@tollgate/analytics';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import { afterAll, beforeAll } from 'vitest';

/**
 * A migrated chdb store holding `rows`, opened before the file's tests and removed after them.
 * chdb allows one data directory per process; vitest runs each test file in its own process.
 */
export function chdbHoldingLogs(name: string, rows: LogRow[]): () => AnalyticsQuerier {
  let dir = '';
  let querier: AnalyticsQuerier | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), `tollgate-${name}-`));
    querier = createChdbQuerier({ path: dir });
    await migrate(querier);
    await querier.insert('logs', rows);
  });
  afterAll(async () => {
    await querier?.close();
    await rm(dir, { recursive: true, force: true });
  });
  return () => {
    if (!querier) throw new Error('the chdb store opens in beforeAll');
    return querier;
  };
}
