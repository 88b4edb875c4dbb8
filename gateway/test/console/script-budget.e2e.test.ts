import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browsers/browser.js';
import { type EmbeddedFixture, startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';

/**
 * Issue #26: "the login page loads with under 200 kB of script". The gateway sends the build's gzip copies,
 * so the bound is on the bytes transferred (gzip); the unpacked size is bounded too, so a library slipping
 * back into the entry shows here even if it compresses well.
 */
const TRANSFERRED_BUDGET = 200_000;
/** React and react-dom alone are ~220 kB unpacked; /login is ~420 kB (~135 kB gzip), before code splitting 1.45 MB (423 kB gzip). */
const UNPACKED_BUDGET = 500_000;

interface Loaded {
  url: string;
  encoding: string | undefined;
  vary: string | undefined;
  transferred: number;
  unpacked: number;
}

async function measure(response: Response): Promise<Loaded> {
  const [sizes, body, headers] = await Promise.all([response.request().sizes(), response.body(), response.allHeaders()]);
  return { url: response.url(), encoding: headers['content-encoding'], vary: headers['vary'], transferred: sizes.responseBodySize, unpacked: body.length };
}

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

  it('loads under 200 kB of script (transferred, gzip), all from its own origin, with no CSP violation', async () => {
    const page = await browser.newPage();
    const scripts: Promise<Loaded>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(measure(response));
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${fixture.tollgate.url}/login`);
    await page.waitForSelector('#username');
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    const transferred = loaded.reduce((sum, script) => sum + script.transferred, 0);
    const unpacked = loaded.reduce((sum, script) => sum + script.unpacked, 0);

    expect(loaded.length).toBeGreaterThan(2); // the entry, React and the login page's own chunk
    expect(loaded.every(({ url }) => url.startsWith(fixture.tollgate.url)), loaded.map(({ url }) => url).join(' ')).toBe(true);
    const built = loaded.filter(({ url }) => url.includes('/assets/'));
    expect(built.filter(({ encoding, vary }) => encoding !== 'gzip' || !/accept-encoding/i.test(vary ?? '')).map(({ url }) => url)).toEqual([]);
    expect(violations).toEqual([]);
    expect(transferred, `transferred ${transferred} B, unpacked ${unpacked} B`).toBeLessThan(TRANSFERRED_BUDGET);
    expect(unpacked, `unpacked ${unpacked} B`).toBeLessThan(UNPACKED_BUDGET);
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
    expect(requested.some((url) => /register-page-[\w-]+\.js$/.test(url)), requested.join(' ')).toBe(false);
    // Waited for by the request itself: the URL changes before the lazy route asks for its chunk,
    // and the page was already network-idle, so waiting for either raced the request.
    const registerChunk = page.waitForRequest((request) => /register-page-[\w-]+\.js$/.test(request.url()), { timeout: 15_000 });
    await page.locator('a[href="/register"]').first().click();
    await page.waitForURL('**/register');
    expect((await registerChunk).resourceType()).toBe('script');
    await page.close();
  });
});
