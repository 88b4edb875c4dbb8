import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/browsers/axe.js';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { createTokenKey } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

const header = (page: Page, name: string) => page.getByRole('columnheader', { name });
const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null);

/** The token list's column chooser in Chromium, by keyboard only: it opens, hides a column, passes axe open, closes on Escape; the choice outlives a reload and is the signed-in user's own. */
describe('a list view chosen by keyboard, kept per user', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    await createTokenKey(fixture.root, { name: 'root-key', remain_quota: 500, expired_time: -1 });
    await userWithKey(fixture, 'vera', 1000);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it('opens with Enter, hides a column with Space, passes axe open, shuts with Escape back on its button, and keeps the choice for this user only', async () => {
    // axe-core is injected as a script, which the console's Content-Security-Policy would refuse.
    const page = await (await browser.newContext({ bypassCSP: true })).newPage();
    await signInOnPage(page, fixture.tollgate.url, 'root', '123456');
    await page.getByTestId('token-row').first().waitFor();
    await expect.poll(() => header(page, '剩余额度').count()).toBe(1);
    await page.getByTestId('column-chooser').locator('summary').focus();
    await page.keyboard.press('Enter');
    const remain = page.getByRole('checkbox', { name: '剩余额度' });
    await expect.poll(() => remain.isVisible()).toBe(true);
    for (let tabs = 0; tabs < 20 && !(await remain.evaluate((box) => box === document.activeElement)); tabs += 1) await page.keyboard.press('Tab');
    expect(await remain.evaluate((box) => box === document.activeElement), 'Tab reaches the checkbox').toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => header(page, '剩余额度').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => remain.isVisible()).toBe(false);
    expect(await focusedTestId(page)).toBe('column-chooser');

    await page.reload();
    await page.getByTestId('token-row').first().waitFor();
    expect(await header(page, '剩余额度').count(), 'kept over a reload').toBe(0);

    const other = await browser.newPage();
    await signInOnPage(other, fixture.tollgate.url, 'vera', 'vera-password');
    await other.getByTestId('token-row').first().waitFor();
    expect(await header(other, '剩余额度').count(), "another user's own view").toBe(1);
  });
});
