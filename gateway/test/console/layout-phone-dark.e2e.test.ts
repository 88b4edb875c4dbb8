import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/** Where the phone and dark-theme screenshots go, to be looked at. */
const SHOTS = '/tmp/shots-layout';
/** The pages with the widest tables and forms: the ones a phone would break first. */
const PAGES = ['/token', '/log', '/topup', '/detail', '/channel', '/channel/add', '/user', '/redemption', '/setting?tab=operation'];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The page never scrolls sideways: wide tables scroll inside their own box. */
async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Relative luminance (0 black, 1 white) of an element's computed background colour. */
async function backgroundLuminance(page: Page, selector: string): Promise<number> {
  const rgb = await page.locator(selector).first().evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r = NaN, g = NaN, b = NaN] = (rgb.match(/[\d.]+/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** The console on a phone and in the dark theme, as an administrator (who sees the most pages). */
describe('console layout: a phone, and the dark theme', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    fixture = await startEmbeddedFixture();
    await addMockChannel(fixture);
    const adam = await userWithQuota(fixture, 'adam', 1000);
    const { id } = await adam.must<{ id: number }>('GET', '/api/user/self');
    await fixture.root.must('POST', '/api/user/manage', { id, action: 'promote' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  async function signedIn(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    await signInOnPage(page, fixture.tollgate.url, 'adam', 'adam-password');
    return page;
  }

  it('on a phone: no page scrolls sideways, the sidebar stays shut until the menu opens it over the page, and shuts on navigating or tapping beside it', async () => {
    const context = await browser.newContext(PHONE);
    const page = await signedIn(context);
    for (const route of PAGES) {
      await page.goto(`${fixture.tollgate.url}${route}`);
      await page.waitForLoadState('networkidle');
      expect(await pageOverflow(page), `${route} scrolls sideways`).toBeLessThanOrEqual(0);
      await expect.poll(() => page.getByTestId('sidebar').isVisible(), { message: `${route} sidebar` }).toBe(false);
      await page.screenshot({ path: `${SHOTS}/phone${route.replace(/[/?=]/g, '_')}.png`, fullPage: true });
    }
    await page.getByTestId('sidebar-toggle').tap();
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor();
    const main = await page.locator('main').boundingBox();
    expect(main?.width, 'the open sidebar lies over the page instead of squeezing it').toBe(390);
    await page.screenshot({ path: `${SHOTS}/phone_sidebar-open.png` });
    await sidebar.getByTestId('nav-log').tap();
    await page.waitForURL('**/log');
    await expect.poll(() => sidebar.isVisible(), { message: 'navigating closes the sidebar' }).toBe(false);
    await page.getByTestId('sidebar-toggle').tap();
    await sidebar.waitFor();
    await page.getByTestId('sidebar-backdrop').tap({ position: { x: 300, y: 400 } });
    await expect.poll(() => sidebar.isVisible(), { message: 'tapping beside it closes the sidebar' }).toBe(false);
    await context.close();
  });

  it('the dark theme darkens the shell and every page, and is remembered across a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await signedIn(context);
    expect(await backgroundLuminance(page, 'body')).toBeGreaterThan(0.8);
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    for (const route of PAGES) {
      await page.goto(`${fixture.tollgate.url}${route}`);
      await page.waitForLoadState('networkidle');
      expect(await backgroundLuminance(page, 'body'), `${route} body`).toBeLessThan(0.2);
      expect(await backgroundLuminance(page, 'header'), `${route} header`).toBeLessThan(0.2);
      if (route === '/detail') {
        const grid = page.locator('.apexcharts-gridline').first();
        expect(await grid.getAttribute('stroke'), 'chart grid lines in the dark palette').toBe('#1e293b');
      }
      await page.screenshot({ path: `${SHOTS}/dark${route.replace(/[/?=]/g, '_')}.png`, fullPage: true });
    }
    await context.close();
  });
});
