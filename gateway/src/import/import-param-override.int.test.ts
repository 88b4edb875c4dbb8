import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { openDocuments } from '../composition/engines.js';
import { loadConfig } from '../config.js';
import { importDatabase } from './import-command.js';
import { buildNewApiDatabase, channel } from './testing/new-api-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'tollgate-import-override-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** new-api's param override editor saves path operations; Tollgate merges fields, so such an override is left out and named. */
it("leaves out a param_override in new-api's operations format, names it in the report, and keeps the channel", async () => {
  const source = join(dir, 'one-api.db');
  await buildNewApiDatabase(source, { upstreamUrl: 'http://127.0.0.1:9', logRows: 1 });
  const operations = JSON.stringify({ operations: [{ path: 'temperature', mode: 'set', value: 0.2, conditions: [{ path: 'model', mode: 'prefix', value: 'gpt' }] }] });
  const db = new Database(source);
  db.prepare('UPDATE channels SET param_override = ? WHERE id = ?').run(operations, channel.id);
  db.close();
  const config = loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' });
  const report = await importDatabase(config, { source, dryRun: false });
  expect(report.importedCount('channels')).toBe(1);
  expect(report.toText()).toContain(`channel fields: skipped 1 (param_override in new-api's operations format (not applied by Tollgate)): ${channel.id}`);
  const documents = await openDocuments(config, resolve(config.DATA_DIR));
  try {
    expect((await documents.channels.byId(channel.id))?.paramOverride).toBe('');
  } finally {
    await documents.close();
  }
});
