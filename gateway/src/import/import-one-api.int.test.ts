import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { openDocuments, openQuerier } from '../composition/engines.js';
import { type GatewayConfig, loadConfig } from '../config.js';
import { verifyPassword } from '../auth/password.js';
import { importDatabase } from './import-command.js';
import { buildOneApiDatabase, oneApiUser } from './testing/one-api-fixture.js';

let dir: string;
let config: GatewayConfig;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tollgate-import-one-api-'));
  buildOneApiDatabase(join(dir, 'one-api.db'));
  config = loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("imports an older one-api database, its absent columns and tables read as GORM's zero values", async () => {
  const report = await importDatabase(config, { source: join(dir, 'one-api.db'), dryRun: false });
  expect([report.importedCount('users'), report.importedCount('tokens'), report.importedCount('channels'), report.importedCount('log rows')]).toEqual([1, 1, 1, 3]);
  const text = report.toText();
  expect(text).toContain('note: no midjourneys table in the source');
  expect(text).toContain('channel fields: skipped 1 (no Tollgate field for config): 1');

  const dataDir = resolve(config.DATA_DIR);
  const documents = await openDocuments(config, dataDir);
  const querier = await openQuerier(config, dataDir);
  try {
    const root = await documents.users.byId(oneApiUser.id);
    expect(await verifyPassword(oneApiUser.password, root?.passwordHash ?? '')).toBe(true);
    expect(await documents.tokens.byKey('K'.repeat(48))).toMatchObject({ modelLimits: [], allowIps: [], modelLimitsEnabled: false, group: '' });
    const [logs] = await querier.query({ sql: 'SELECT count() AS count, sum(use_time) AS seconds FROM logs FINAL', schema: z.object({ count: z.coerce.number(), seconds: z.coerce.number() }) });
    // elapsed_time 2500 ms -> 3 s (rounded) per row
    expect(logs).toEqual({ count: 3, seconds: 9 });
  } finally {
    await querier.close();
    await documents.close();
  }
});

it('a later run brings only the log rows new-api wrote since, each once', async () => {
  const writable = new Database(join(dir, 'one-api.db'));
  writable.prepare("INSERT INTO logs (user_id, created_at, type, quota) VALUES (1, 1600000100, 2, 40), (1, 1600000101, 2, 2)").run();
  writable.close();
  const report = await importDatabase(config, { source: join(dir, 'one-api.db'), dryRun: false });
  expect(report.importedCount('log rows')).toBe(2);
  expect(report.skippedCount('log rows')).toBe(3);
  const querier = await openQuerier(config, resolve(config.DATA_DIR));
  try {
    const [logs] = await querier.query({ sql: 'SELECT count() AS count, sum(quota) AS quota FROM logs FINAL', schema: z.object({ count: z.coerce.number(), quota: z.coerce.number() }) });
    expect(logs).toEqual({ count: 5, quota: 3042 });
  } finally {
    await querier.close();
  }
});
