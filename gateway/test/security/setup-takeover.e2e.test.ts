import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient } from '../support/clients/console-client.js';
import { type GatewayProcess, startGatewayProcess } from '../support/gateways/role-process.js';

const wizard = (username: string, password: string) => ({ username, password, confirmPassword: password, SelfUseModeEnabled: false, DemoSiteEnabled: false });

const postSetup = async (url: string, body: object) => (await fetch(`${url}/api/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<{ success: boolean; message: string }>;

/**
 * Issue #33 item 1, as the attacker ran it on a fresh `npm start`: root signs in with the default
 * password and changes it; the wizard stayed open, and an anonymous POST /api/setup set root's
 * password. Here the same steps on a spawned Tollgate, restarted in between to show it is durable.
 */
describe('root takeover through the first-run wizard', () => {
  let gateway: GatewayProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tollgate-setup-'));
    gateway = await startGatewayProcess({ DATA_DIR: dataDir }, 90_000, 'all');
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is refused once root has changed its password, before and after a restart, and root keeps its account', async () => {
    const root = new ConsoleClient(gateway.url);
    expect((await root.login('root', '123456')).success).toBe(true);
    await root.must('PUT', '/api/user/self', { password: 'roots-own-pass', original_password: '123456' });
    expect(await postSetup(gateway.url, wizard('root', 'attackers-pass'))).toEqual({ success: false, message: '系统已经初始化完成' });

    await gateway.stop();
    gateway = await startGatewayProcess({ DATA_DIR: dataDir }, 90_000, 'all');
    const status = (await (await fetch(`${gateway.url}/api/status`)).json()) as { data: { setup: boolean } };
    expect(status.data.setup).toBe(true);
    expect(await postSetup(gateway.url, wizard('root', 'attackers-pass'))).toEqual({ success: false, message: '系统已经初始化完成' });
    const attacker = new ConsoleClient(gateway.url);
    expect((await attacker.login('root', 'attackers-pass')).success).toBe(false);
    expect((await new ConsoleClient(gateway.url).login('root', 'roots-own-pass')).success).toBe(true);
    expect(gateway.ended()).toBeNull();
  });
});
