import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openQuerier } from '../../composition/engines.js';
import { type GatewayConfig, loadConfig } from '../../config.js';
import { importDatabase } from '../import-command.js';
import { buildNewApiDatabase, sourceLogTotals } from '../testing/new-api-fixture.js';

/** A later import reads only the log rows new-api wrote since; rows deleted in new-api make it check every page. */
const LOG_ROWS = 30_000;
let dir: string;
let source: string;
let config: GatewayConfig;

async function clickhouseTotals() {
  const querier = await openQuerier(config, resolve(config.DATA_DIR));
  try {
    const [totals] = await querier.query({ sql: 'SELECT count() AS count, sum(quota) AS quota FROM logs FINAL', schema: z.object({ count: z.coerce.number(), quota: z.coerce.number() }) });
    return totals;
  } finally {
    await querier.close();
  }
}

function inSource(sql: string): void {
  const db = new Database(source);
  db.exec(sql);
  db.close();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tollgate-import-resume-'));
  source = join(dir, 'one-api.db');
  await buildNewApiDatabase(source, { upstreamUrl: 'http://127.0.0.1:9', logRows: LOG_ROWS });
  config = loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' });
  await importDatabase(config, { source, dryRun: false });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('importing the logs again', { timeout: 120_000 }, () => {
  it('brings only the rows written since, skipping the imported range without reading it', async () => {
    inSource(`INSERT INTO logs (user_id, created_at, type, model_name, quota) SELECT user_id, created_at + 1, type, model_name, quota + 1 FROM logs WHERE id <= 25`);
    const progress: number[] = [];
    const report = await importDatabase(config, { source, dryRun: false, onProgress: (table, done) => table === 'logs' && progress.push(done) });
    expect(report.importedCount('log rows')).toBe(25);
    expect(report.skippedCount('log rows')).toBe(LOG_ROWS);
    // The first report is the imported range, counted, not paged through.
    expect(progress).toEqual([LOG_ROWS, LOG_ROWS + 25]);
    expect(await clickhouseTotals()).toEqual(await sourceLogTotals(source));
  });

  it('checks every page when new-api deleted rows of the imported range, and still doubles nothing', async () => {
    inSource('DELETE FROM logs WHERE id <= 100');
    const before = await clickhouseTotals();
    const report = await importDatabase(config, { source, dryRun: false });
    expect(report.importedCount('log rows')).toBe(0);
    expect(report.skippedCount('log rows')).toBe(LOG_ROWS + 25 - 100);
    expect(await clickhouseTotals()).toEqual(before);
  });
});
