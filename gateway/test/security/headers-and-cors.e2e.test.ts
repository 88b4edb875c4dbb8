import { createServer } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../mock-upstream/listen.js';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

const chat = { model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] };

function expectSecurityHeaders(headers: Headers, what: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
}

describe('security headers and CORS', () => {
  let fixture: EmbeddedFixture;
  let key: string;
  let browser: Browser;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    await addMockChannel(fixture);
    ({ key } = await userWithKey(fixture, 'gina', 1_000_000));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it('are on every kind of answer: console page, static asset, API success and error, relay success and error, 404', async () => {
    const base = fixture.tollgate.url;
    const page = await fetch(`${base}/token`);
    const asset = (await page.clone().text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeDefined();
    const relay = (auth?: string) =>
      fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) }, body: JSON.stringify(chat) });
    const answers: [string, Response, number][] = [
      ['console page', page, 200],
      ['static asset', await fetch(`${base}${asset}`), 200],
      ['theme script', await fetch(`${base}/theme-init.js`), 200],
      ['api success', await fetch(`${base}/api/status`), 200],
      ['api error', await fetch(`${base}/api/user/self`), 401],
      ['relay success', await relay(key), 200],
      ['relay error', await relay(), 401],
      ['api 404', await fetch(`${base}/api/no-such-thing`), 404],
      ['relay 404', await fetch(`${base}/v1/no-such-thing`), 404],
    ];
    for (const [what, response, status] of answers) {
      expect(response.status, what).toBe(status);
      expectSecurityHeaders(response.headers, what);
    }
  });

  it('answers a preflight on the key surfaces for any origin, without credentials, and none on /api', async () => {
    const preflight = (path: string, headers: string) =>
      fetch(`${fixture.tollgate.url}${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
      });
    const openai = await preflight('/v1/chat/completions', 'authorization,content-type,openai-organization,x-stainless-os');
    expect(openai.status).toBe(204);
    expect(openai.headers.get('access-control-allow-origin')).toBe('*');
    expect(openai.headers.get('access-control-allow-credentials')).toBeNull();
    const allowed = (openai.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',').map((name) => name.trim());
    for (const header of ['authorization', 'content-type', 'x-api-key', 'anthropic-version', 'anthropic-dangerous-direct-browser-access', 'x-goog-api-key', 'openai-project', 'x-stainless-retry-count']) {
      expect(allowed, header).toContain(header);
    }
    expect((await preflight('/v1/messages', 'x-api-key,anthropic-version')).status).toBe(204);
    expect((await preflight('/v1beta/models/gemini-2.0-flash:generateContent', 'x-goog-api-key')).status).toBe(204);
    // A refusal is readable too, so a browser app can show why its key was refused.
    const refused = await fetch(`${fixture.tollgate.url}/v1/chat/completions`, { method: 'POST', headers: { origin: 'https://app.example', 'content-type': 'application/json' }, body: JSON.stringify(chat) });
    expect([refused.status, refused.headers.get('access-control-allow-origin')]).toEqual([401, '*']);
    const api = await preflight('/api/user/self', 'content-type');
    expect(api.status).toBe(404);
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
    const apiGet = await fetch(`${fixture.tollgate.url}/api/status`, { headers: { origin: 'https://app.example' } });
    expect(apiGet.headers.get('access-control-allow-origin')).toBeNull();
    const playground = await preflight('/pg/chat/completions', 'content-type');
    expect(playground.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets a page of another origin call /v1/chat/completions with a key in Chromium, but not /api', async () => {
    const site = await listenOnLoopback(
      createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<!doctype html><title>another app</title>');
      }),
    );
    try {
      const page = await browser.newPage();
      await page.goto(site.url);
      const result = await page.evaluate(
        async ({ base, key, body }) => {
          const response = await fetch(`${base}/v1/chat/completions`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-stainless-os': 'Linux' },
            body: JSON.stringify(body),
          });
          const api = await fetch(`${base}/api/status`).then(() => 'readable', (error: Error) => error.name);
          return { status: response.status, answer: await response.json(), overhead: response.headers.get('x-tollgate-overhead-ms'), api };
        },
        { base: fixture.tollgate.url, key, body: chat },
      );
      expect(result.status).toBe(200);
      expect(result.answer.choices[0].message.role).toBe('assistant');
      expect(result.overhead).not.toBeNull();
      expect(result.api).toBe('TypeError');
      await page.close();
    } finally {
      await site.close();
    }
  });

  it('keeps the built console working under its Content-Security-Policy: scripts, styles, charts, Socket.IO', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const page: Page = await context.newPage();
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await signInOnPage(page, fixture.tollgate.url, 'gina', 'gina-password');
    await page.goto(`${fixture.tollgate.url}/detail`);
    await expect.poll(() => page.locator('.apexcharts-canvas').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => sockets.some((url) => url.includes('/socket.io/')), { timeout: 10_000 }).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('block');
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations).toEqual([]);
    expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await context.close();
  });
});
