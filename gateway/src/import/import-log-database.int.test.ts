import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { openQuerier } from '../composition/engines.js';
import { type GatewayConfig, loadConfig } from '../config.js';
import { importDatabase } from './import-command.js';
import { buildNewApiDatabase, sourceLogTotals } from './testing/new-api-fixture.js';

/** new-api with LOG_SQL_DSN: the logs live in a database of their own, given with --logs=. */
let dir: string;
let main: string;
let logs: string;
let config: GatewayConfig;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tollgate-import-logdb-'));
  main = join(dir, 'main.db');
  logs = join(dir, 'logs.db');
  await buildNewApiDatabase(main, { upstreamUrl: 'http://127.0.0.1:9', logRows: 0 });
  await buildNewApiDatabase(logs, { upstreamUrl: 'http://127.0.0.1:9', logRows: 5_000 });
  config = loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('reads the logs from the log database and everything else from the main one', { timeout: 60_000 }, async () => {
  const report = await importDatabase(config, { source: main, logSource: logs, dryRun: false });
  expect([report.importedCount('users'), report.importedCount('log rows')]).toEqual([3, 5_000]);
  const querier = await openQuerier(config, resolve(config.DATA_DIR));
  try {
    const [totals] = await querier.query({ sql: 'SELECT count() AS count, sum(quota) AS quota FROM logs FINAL', schema: z.object({ count: z.coerce.number(), quota: z.coerce.number() }) });
    expect(totals).toEqual(await sourceLogTotals(logs));
  } finally {
    await querier.close();
  }
});

it("refuses new-api's ClickHouse log database, saying so", async () => {
  await expect(importDatabase(config, { source: main, logSource: 'clickhouse://default@127.0.0.1:9000/newapi', dryRun: true })).rejects.toThrow('ClickHouse log database');
});
