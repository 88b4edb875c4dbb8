import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient } from '../../test/support/clients/console-client.js';
import { type GatewayConfig, loadConfig } from '../config.js';
import { startEmbedded } from '../embedded.js';
import { importDatabase } from './import-command.js';
import type { ImportReport } from './import-report.js';
import { alice, buildNewApiDatabase } from './testing/new-api-fixture.js';

const ABILITIES = 'abilities (from channel models and groups)';

/** A user's remark comes over and is the administrators' to see and edit; a deleted user is gone; a second run counts only what it wrote. */
describe('imported users: remark, deleted users, and what a second run reports', { timeout: 120_000 }, () => {
  let dir: string;
  let source: string;
  let config: GatewayConfig;
  let first: ImportReport;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tollgate-import-users-'));
    source = join(dir, 'one-api.db');
    await buildNewApiDatabase(source, { upstreamUrl: 'http://127.0.0.1:9', logRows: 10 });
    config = loadConfig({ DATA_DIR: join(dir, 'data'), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' });
    first = await importDatabase(config, { source, dryRun: false });
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the user field it could not carry, and counts the abilities of the channel it wrote', () => {
    expect(first.toText()).toContain('user fields: skipped 1 (no Tollgate field for stripe_customer): 2');
    expect(first.toText()).not.toContain('remark');
    expect(first.importedCount(ABILITIES)).toBe(4);
  });

  it('a second run writes no channel, so it reports no ability imported', async () => {
    const again = await importDatabase(config, { source, dryRun: false });
    expect(again.importedCount('channels')).toBe(0);
    expect(again.importedCount(ABILITIES)).toBe(0);
    expect(again.toText()).toContain('abilities: skipped 4 (its channel was not imported in this run)');
  });

  it("shows the remark to administrators, saves an edit of it, keeps it from the user's own view, and answers a deleted user as not found", async () => {
    const tollgate = await startEmbedded(config);
    try {
      const root = new ConsoleClient(tollgate.url);
      expect((await root.login('root', 'root-old-password')).success).toBe(true);
      expect(await root.must('GET', `/api/user/${alice.id}`)).toMatchObject({ id: alice.id, remark: alice.remark });
      expect((await root.must<{ items: { id: number; remark: string }[] }>('GET', '/api/user/?p=1&page_size=10')).items.find((u) => u.id === alice.id)).toMatchObject({ remark: alice.remark });
      expect(await root.must('PUT', '/api/user/', { id: alice.id, remark: 'moved to Tollgate' })).toMatchObject({ remark: 'moved to Tollgate' });
      expect(await root.must('GET', `/api/user/${alice.id}`)).toMatchObject({ remark: 'moved to Tollgate' });
      expect(await root.call('PUT', '/api/user/', { id: alice.id, remark: 'x'.repeat(256) })).toMatchObject({ success: false });

      const user = new ConsoleClient(tollgate.url);
      expect((await user.login(alice.username, alice.password)).success).toBe(true);
      expect(await user.must('GET', '/api/user/self')).not.toHaveProperty('remark');

      // User 4 was deleted in new-api (deleted_at set): new-api's GetUserById no longer finds it.
      expect(await root.call('GET', '/api/user/4')).toEqual({ success: false, message: '用户不存在' });
    } finally {
      await tollgate.close();
    }
  });
});
