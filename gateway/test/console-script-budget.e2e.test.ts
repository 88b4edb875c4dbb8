import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { type EmbeddedFixture, startEmbeddedFixture } from './support/embedded-fixture.js';

/**
 * Issue #26: "the login page loads with under 200 kB of script". The gateway serves the console's scripts
 * uncompressed, so the bound is on their gzip size (what a compressing proxy or CDN in front of it transfers);
 * the raw size is bounded too, so a library slipping back into the entry shows here as well.
 */
const GZIP_BUDGET = 200_000;
/** React and react-dom alone are ~220 kB raw; today's /login is ~465 kB, before code splitting ~1.45 MB. */
const RAW_BUDGET = 600_000;

describe('the console login page in Chromium', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it('loads under 200 kB (gzip) of script, all from its own origin, with no CSP violation', async () => {
    const page = await browser.newPage();
    const scripts: Promise<{ url: string; body: Buffer }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body().then((body) => ({ url: response.url(), body })));
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${fixture.tollgate.url}/login`);
    await page.waitForSelector('#username');
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    const raw = loaded.reduce((sum, { body }) => sum + body.length, 0);
    const gzip = loaded.reduce((sum, { body }) => sum + gzipSync(body).length, 0);

    expect(loaded.length).toBeGreaterThan(2); // the entry, React and the login page's own chunk
    expect(loaded.every(({ url }) => url.startsWith(fixture.tollgate.url)), loaded.map(({ url }) => url).join(' ')).toBe(true);
    expect(violations).toEqual([]);
    expect(gzip, `gzip ${gzip} B, raw ${raw} B`).toBeLessThan(GZIP_BUDGET);
    expect(raw, `raw ${raw} B`).toBeLessThan(RAW_BUDGET);
    await page.close();
  });

  it('fetches a page’s chunk only when the page is opened', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(request.url());
    });
    await page.goto(`${fixture.tollgate.url}/login`);
    await page.waitForSelector('#username');
    await page.waitForLoadState('networkidle');
    const atLogin = requested.length;
    await page.locator('a[href="/register"]').first().click();
    await page.waitForURL('**/register');
    await page.waitForLoadState('networkidle');
    expect(requested.slice(atLogin).some((url) => /register-page-[\w-]+\.js$/.test(url)), requested.join(' ')).toBe(true);
    await page.close();
  });
});
