import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, eventually } from '../../test/support/clients/console-client.js';
import { type GatewayConfig, loadConfig } from '../config.js';
import { startEmbedded } from '../embedded.js';
import { importDatabase } from './import-command.js';
import { alice, buildNewApiDatabase, expiredCode, expiringCode } from './testing/new-api-fixture.js';

/** new-api's codes carry expired_time; after an import, Tollgate refuses the expired one as new-api does. */
describe('imported redemption codes keep their expiry', { timeout: 120_000 }, () => {
  let dir: string;
  let config: GatewayConfig;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tollgate-import-expiry-'));
    const source = join(dir, 'one-api.db');
    await buildNewApiDatabase(source, { upstreamUrl: 'http://127.0.0.1:9', logRows: 10 });
    config = loadConfig({ DATA_DIR: join(dir, 'data'), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' });
    const report = await importDatabase(config, { source, dryRun: false });
    expect(report.toText()).not.toContain('expiry');
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an expired code is refused with new-api\'s message and credits nothing; an unexpired one credits once; the admin list shows both expiries', async () => {
    const tollgate = await startEmbedded(config);
    try {
      const user = new ConsoleClient(tollgate.url);
      expect((await user.login(alice.username, alice.password)).success).toBe(true);
      const balance = async () => (await user.must<{ quota: number }>('GET', '/api/user/self')).quota;
      await eventually(async () => ((await balance()) === alice.quota ? true : undefined), 10_000, "alice's opening balance");

      expect(await user.call('POST', '/api/user/topup', { key: expiredCode.key })).toEqual({ success: false, message: '该兑换码已过期' });
      expect(await balance()).toBe(alice.quota);

      expect(await user.call('POST', '/api/user/topup', { key: expiringCode.key })).toMatchObject({ success: true, data: expiringCode.quota });
      expect(await balance()).toBe(alice.quota + expiringCode.quota);
      expect(await user.call('POST', '/api/user/topup', { key: expiringCode.key })).toEqual({ success: false, message: '该兑换码已被使用' });
      expect(await balance()).toBe(alice.quota + expiringCode.quota);

      const root = new ConsoleClient(tollgate.url);
      expect((await root.login('root', 'root-old-password')).success).toBe(true);
      const listed = await root.must<{ items: { id: number; status: number; expired_time: number }[] }>('GET', '/api/redemption/?p=1&page_size=10');
      expect(listed.items.find((code) => code.id === expiredCode.id)).toMatchObject({ status: 1, expired_time: expiredCode.expiredTime });
      expect(listed.items.find((code) => code.id === expiringCode.id)).toMatchObject({ status: 3, expired_time: expiringCode.expiredTime });
      // An expiry already past is refused when set, as new-api's validateExpiredTime does.
      expect(await root.call('PUT', '/api/redemption/', { id: expiredCode.id, name: 'expired code', quota: expiredCode.quota, expired_time: 1_600_000_000 })).toEqual({ success: false, message: '过期时间不能早于当前时间' });
      expect(await root.call('POST', '/api/redemption/', { name: 'late', quota: 1, count: 1, expired_time: 1_600_000_000 })).toMatchObject({ success: false, message: '过期时间不能早于当前时间' });
    } finally {
      await tollgate.close();
    }
  });
});
