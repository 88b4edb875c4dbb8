import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { type EmbeddedFixture, startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';

/** The administrator's user management in Chromium against the real server. */
describe('user management in a real browser', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    browser = await launchChromium();
    page = await browser.newPage();
    await signInOnPage(page, fixture.tollgate.url, 'root', '123456');
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  const row = (username: string) => page.getByTestId('user-row').filter({ hasText: username });

  it('adds a user in the side panel, bans and reinstates them, and promotes them', async () => {
    await page.goto(`${fixture.tollgate.url}/user`);
    await expect.poll(() => row('root').count()).toBe(1);
    await page.getByRole('button', { name: '添加用户' }).click();
    await page.fill('#user-username', 'ivy');
    await page.fill('#user-password', 'ivy-password-1');
    await page.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => row('ivy').count()).toBe(1);
    await row('ivy').getByRole('button', { name: '禁用' }).click();
    await expect.poll(() => row('ivy').textContent()).toContain('已封禁');
    await row('ivy').getByRole('button', { name: '启用' }).click();
    await expect.poll(() => row('ivy').textContent()).toContain('已激活');
    await row('ivy').getByRole('button', { name: '提升' }).click();
    await expect.poll(() => row('ivy').textContent()).toContain('管理员');
  });
});
