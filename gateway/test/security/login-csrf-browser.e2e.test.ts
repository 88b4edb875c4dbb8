import { createServer } from 'node:http';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../mock-upstream/listen.js';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/**
 * Login CSRF in a real browser: a page on another port of the same host (same site, so
 * SameSite lets cookies through both ways) auto-submits a login form for the attacker's account.
 * The victim's browser must stay signed in as the victim, with no session of the attacker's.
 */
const lure = (gateway: string) => `<!doctype html><title>win a prize</title>
<form id="f" method="post" action="${gateway}/api/user/login">
  <input name="username" value="mallory"><input name="password" value="mallory-password">
</form>
<script>document.getElementById('f').submit()</script>`;

describe('login CSRF in Chromium', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;
  let site: { url: string; close(): Promise<void> };

  const sessionOf = async (context: BrowserContext) => (await context.cookies(fixture.tollgate.url)).find((cookie) => cookie.name === 'session')?.value;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    await userWithQuota(fixture, 'victim', 0);
    await userWithQuota(fixture, 'mallory', 0);
    site = await listenOnLoopback(createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(lure(fixture.tollgate.url))));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await fixture?.close();
  });

  it('a cross-site form signs no one in: the victim stays the victim', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInOnPage(page, fixture.tollgate.url, 'victim', 'victim-password');
    const before = await sessionOf(context);
    expect(before).toBeDefined();
    const answered = page.waitForResponse((response) => response.url() === `${fixture.tollgate.url}/api/user/login`);
    await page.goto(site.url);
    const answer = await answered;
    expect(answer.status()).toBe(403);
    expect(answer.headers()['set-cookie']).toBeUndefined();
    expect(await sessionOf(context)).toBe(before);
    await page.goto(`${fixture.tollgate.url}/token`);
    const self = await page.evaluate(async () => {
      const userId = JSON.parse(localStorage.getItem('user') ?? '{}').id;
      return (await fetch('/api/user/self', { headers: { 'New-Api-User': String(userId) } })).json();
    });
    expect(self.data.username).toBe('victim');
    await context.close();
  });

  it('signs in a fresh browser as no one', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const answered = page.waitForResponse((response) => response.url() === `${fixture.tollgate.url}/api/user/login`);
    await page.goto(site.url);
    expect((await answered).status()).toBe(403);
    expect(await sessionOf(context)).toBeUndefined();
    await context.close();
  });
});
