import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/gateways/role-process.js';

const mainEntry = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/**
 * Runs the embedded process at LOG_LEVEL=info with `env`, calls the API and the relay once each
 * (the relay call without a key: a 401 is still a call), and returns the URLs of the requests
 * its log says came in.
 */
async function loggedRequestUrls(env: Record<string, string>): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-log-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', mainEntry, 'all'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', GLOBAL_API_RATE_LIMIT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
  try {
    await expect.poll(() => fetch(`${url}/api/status`).then((r) => r.ok, () => false), { timeout: 60_000, interval: 200 }).toBe(true);
    expect((await fetch(`${url}/v1/models`)).status).toBe(401);
    expect((await fetch(`${url}/api/status`)).status).toBe(200);
  } finally {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
    .filter((entry) => entry.msg === 'incoming request')
    .map((entry) => entry.req?.url ?? '');
}

describe('request log lines', () => {
  it("logs the API's requests but not each relayed call, by default", async () => {
    const urls = await loggedRequestUrls({});
    expect(urls).toContain('/api/status');
    expect(urls).not.toContain('/v1/models');
  });

  it('logs each relayed call too with LOG_RELAY_REQUESTS=true', async () => {
    const urls = await loggedRequestUrls({ LOG_RELAY_REQUESTS: 'true' });
    expect(urls).toContain('/api/status');
    expect(urls).toContain('/v1/models');
  });
});
