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

/** Imports new-api's fixture with the channel's param_override set to `override`; answers the report's text and the override Tollgate then holds. */
async function importWithOverride(name: string, override: string): Promise<{ report: string; imported: string | undefined }> {
  const source = join(dir, `${name}.db`);
  await buildNewApiDatabase(source, { upstreamUrl: 'http://127.0.0.1:9', logRows: 1 });
  const db = new Database(source);
  db.prepare('UPDATE channels SET param_override = ? WHERE id = ?').run(override, channel.id);
  db.close();
  const config = loadConfig({ DATA_DIR: join(dir, `${name}-data`), LOG_LEVEL: 'silent' });
  const report = await importDatabase(config, { source, dryRun: false });
  expect(report.importedCount('channels')).toBe(1);
  const documents = await openDocuments(config, resolve(config.DATA_DIR));
  try {
    return { report: report.toText(), imported: (await documents.channels.byId(channel.id))?.paramOverride };
  } finally {
    await documents.close();
  }
}

/** new-api's param override editor saves path operations; Tollgate applies the body modes, so those come over as they are. */
it("carries a param_override in new-api's operations format", async () => {
  const operations = JSON.stringify({ operations: [{ path: 'temperature', mode: 'set', value: 0.2, conditions: [{ path: 'model', mode: 'prefix', value: 'gpt' }] }] });
  const { report, imported } = await importWithOverride('carried', operations);
  expect(imported).toBe(operations);
  expect(report).not.toContain('param_override left out');
});

it('leaves out an override holding an operation Tollgate does not apply (a header mode), names why, and keeps the channel', async () => {
  const headers = JSON.stringify({ operations: [{ mode: 'set_header', path: 'x-team', value: 'blue' }] });
  const { report, imported } = await importWithOverride('header-mode', headers);
  expect(imported).toBe('');
  expect(report).toContain(`channel fields: skipped 1 (param_override left out: param_override.operations[0] has an unknown mode "set_header"): ${channel.id}`);
});
