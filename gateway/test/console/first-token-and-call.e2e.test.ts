import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { type ConsoleClient, revealTokenKey } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/**
 * The console in Debian's Chromium against the real embedded server: log in, create a token,
 * see it listed, see the balance change after a relayed call without reloading, and see the
 * log page take the next call's row and RPM as they happen.
 */
const QUOTA = 10_000;
const COST = 4 + 6; // prompt + completion, every ratio 1

describe('the console in a real browser', () => {
  let fixture: EmbeddedFixture;
  let dave: ConsoleClient;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ promptTokens: 4, completionTokens: 6 });
    await addMockChannel(fixture);
    dave = await userWithQuota(fixture, 'dave', QUOTA);
    browser = await launchChromium();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it('logs in and lands on the token page', async () => {
    await signInOnPage(page, fixture.tollgate.url, 'dave', 'dave-password');
    await expect.poll(() => page.getByTestId('balance-quota').getAttribute('data-quota')).toBe(String(QUOTA));
  });

  it('creates a token and sees it listed', async () => {
    await page.getByRole('button', { name: '添加令牌' }).click();
    await page.fill('#token-name', 'browser-key');
    await page.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => page.getByTestId('token-row').filter({ hasText: 'browser-key' }).count()).toBe(1);
  });

  /** The whole key of the token the browser created: the list masks it, the reveal call gives it. */
  async function browserKey(): Promise<string> {
    const { items } = await dave.must<{ items: { id: number; name: string }[] }>('GET', '/api/token/?p=0&size=10');
    const token = items.find((t) => t.name === 'browser-key');
    if (!token) throw new Error('browser-key not listed');
    return revealTokenKey(dave, token.id);
  }

  it('sees the quota change after a relayed call, without reloading', async () => {
    const key = await browserKey();
    const response = await fetch(`${fixture.tollgate.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    await expect.poll(() => page.getByTestId('balance-quota').getAttribute('data-quota'), { timeout: 10_000 }).toBe(String(QUOTA - COST));
  });

  it('sees a new log row and the RPM badge on the log page, without reloading', async () => {
    // The admin's quota grant and the first call are logged (analytics inserts up to
    // ANALYTICS_BATCH_MS after the balance moved), so the page opens with both rows.
    await expect.poll(async () => (await dave.must<{ total: number }>('GET', '/api/log/self/')).total, { timeout: 5_000 }).toBe(2);
    await page.goto(`${fixture.tollgate.url}/log`);
    await expect.poll(() => page.getByTestId('log-row').count(), { timeout: 10_000 }).toBe(2);
    const key = await browserKey();
    const response = await fetch(`${fixture.tollgate.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi again' }] }),
    });
    expect(response.status).toBe(200);
    await expect.poll(() => page.getByTestId('log-row').count(), { timeout: 10_000 }).toBe(3);
    expect(await page.getByTestId('log-row').first().textContent()).toContain('mock-model');
    await expect.poll(() => page.getByTestId('log-stat-rpm').textContent(), { timeout: 5_000 }).toBe('RPM: 2');
  });
});
