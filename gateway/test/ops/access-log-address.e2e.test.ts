import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFrom } from '../support/clients/http-from.js';
import { freePort } from '../support/gateways/role-process.js';

const mainEntry = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const CHANNEL_KEY = 'sk-upstream-channel-SECRET-1234';
const GEMINI_KEY = 'AIzaSyGEMINI-SECRET-5678';

/** Polls `check` until true (expect.poll is for tests, not hooks). */
async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface LoggedRequest {
  msg?: string;
  req?: { url?: string; remoteAddress?: string };
}

/**
 * The embedded process at LOG_LEVEL=info, trusting 127.0.0.1 as its proxy, with real clients on
 * 127.0.0.1 (the proxy) and 127.0.0.2 (anyone else): what its access log says about each.
 */
describe('the access log', () => {
  let stdout = '';
  let stop: () => Promise<void>;
  let url: string;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-log-address-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', mainEntry, 'all'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_RELAY_REQUESTS: 'true', TRUSTED_PROXIES: '127.0.0.1/32' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    stop = async () => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    };
    await until(() => fetch(`${url}/api/status`).then((r) => r.ok, () => false), 60_000);
    await httpFrom('127.0.0.2', `${url}/api/status?probe=untrusted`, { headers: { 'x-forwarded-for': '198.51.100.9', 'x-real-ip': '198.51.100.9' } });
    await httpFrom('127.0.0.1', `${url}/api/status?probe=trusted`, { headers: { 'x-forwarded-for': '203.0.113.5' } });
    await httpFrom('127.0.0.2', `${url}/api/channel/search?keyword=${CHANNEL_KEY}&group=default`);
    await httpFrom('127.0.0.2', `${url}/v1beta/models/gemini-2.0-flash:generateContent?key=${GEMINI_KEY}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await until(() => stdout.includes('generateContent'), 5_000);
  }, 90_000);

  afterAll(async () => stop?.());

  const requests = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LoggedRequest)
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req ?? {});

  it("records the socket's address for a client that is not a trusted proxy, whatever it forwards", () => {
    expect(requests().find((req) => req.url === '/api/status?probe=untrusted')?.remoteAddress).toBe('127.0.0.2');
    expect(stdout).not.toContain('198.51.100.9');
  });

  it('records the address a trusted proxy forwards', () => {
    expect(requests().find((req) => req.url === '/api/status?probe=trusted')?.remoteAddress).toBe('203.0.113.5');
  });

  it('never writes a channel key searched for, or a Gemini ?key=, into the log (regression: the search wrote the key)', () => {
    const urls = requests().map((req) => req.url);
    expect(urls).toContain('/api/channel/search?keyword=[redacted]&group=default');
    expect(urls).toContain('/v1beta/models/gemini-2.0-flash:generateContent?key=[redacted]');
    expect(stdout).not.toContain(CHANNEL_KEY);
    expect(stdout).not.toContain(GEMINI_KEY);
  });
});
