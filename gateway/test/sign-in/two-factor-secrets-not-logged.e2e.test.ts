import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConsoleClient } from '../support/clients/console-client.js';
import { freePort } from '../support/gateways/role-process.js';
import { roomInStep, totpCode, wrongCode } from '../support/clients/totp.js';

const mainEntry = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** Every two-factor call of a user against a real process logging at its most verbose; its output must hold none of the secrets. */
describe('two-factor secrets and the log', () => {
  it('never writes the TOTP secret, a code, a recovery code or the pending sign-in cookie to a log line, at LOG_LEVEL=trace', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-2fa-log-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', mainEntry, 'all'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'trace', LOG_RELAY_REQUESTS: 'true', GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    const secrets: string[] = [];
    /** Six digits also occur inside timestamps by chance: a leaked code would stand as a value of its own. */
    const codes: string[] = [];
    try {
      await expect.poll(() => fetch(`${url}/api/status`).then((r) => r.ok, () => false), { timeout: 60_000, interval: 200 }).toBe(true);
      await roomInStep();
      const user = new ConsoleClient(url);
      await user.must('POST', '/api/user/register', { username: 'logan', password: 'password123', password2: 'password123' });
      await user.login('logan', 'password123');
      const setup = await user.must<{ secret: string; backup_codes: string[] }>('POST', '/api/user/2fa/setup');
      secrets.push(setup.secret, ...setup.backup_codes, ...setup.backup_codes.map((c) => c.replace('-', '')));
      const enableCode = totpCode(setup.secret, -1);
      await user.must('POST', '/api/user/2fa/enable', { code: enableCode });
      await user.call('GET', '/api/user/logout');
      const password = await user.send('POST', '/api/user/login', { username: 'logan', password: 'password123' });
      const pending = password.headers.getSetCookie().find((c) => c.startsWith('pending_2fa='))?.split(';')[0]?.slice('pending_2fa='.length) ?? '';
      expect(pending).not.toBe('');
      const signInCode = totpCode(setup.secret);
      codes.push(enableCode, signInCode);
      secrets.push(pending, decodeURIComponent(pending));
      expect((await user.loginSecondFactor(wrongCode(setup.secret))).success).toBe(false);
      expect((await user.loginSecondFactor(signInCode)).success).toBe(true);
      await user.must('GET', '/api/user/2fa/status');
      await user.must('POST', '/api/user/2fa/disable', { code: setup.backup_codes[0] });
    } finally {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(output).toContain('/api/user/login/2fa');
    for (const secret of secrets) expect(output).not.toContain(secret);
    for (const code of codes) expect(output).not.toMatch(new RegExp(`["=]${code}\\b`));
  });
});
