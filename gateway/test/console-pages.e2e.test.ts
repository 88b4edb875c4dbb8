import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.js';
import { launchChromium } from './support/browser.js';
import { chatStatus } from './support/chat-status.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey } from './support/embedded-fixture.js';

/** Every page in light and dark, desktop and phone, to be looked at (gitignored). */
const SHOTS = join(import.meta.dirname, '../../test-output/console-pages');
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const THEMES = ['light', 'dark'] as const;

const PUBLIC = ['/', '/login', '/register', '/reset', '/pricing', '/about', '/chat', '/no/such/page'];
const USER = ['/', '/token', '/topup', '/log', '/detail', '/midjourney', '/task', '/playground', '/setting', '/pricing', '/about', '/chat'];
const ADMIN = ['/channel', '/channel/add', '/channel/edit/1', '/redemption', '/user', '/user/edit/2'];
const ROOT = ['/setting?tab=operation', '/setting?tab=system', '/setting?tab=other'];

interface Role { name: string; username?: string; password?: string; routes: string[] }

/**
 * Every route, for a visitor, an ordinary user and root, in light and dark on a desktop and a phone:
 * no console error, no page wider than a phone, and (on the desktop, in both themes) no serious or
 * critical axe-core violation. Each view is saved as a screenshot.
 */
describe('every console page: accessible, no errors, fits a phone, in both themes', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    fixture = await startEmbeddedFixture();
    await addMockChannel(fixture);
    for (const key of ['DrawingEnabled', 'TaskEnabled', 'DataExportEnabled']) await fixture.root.must('PUT', '/api/option/', { key, value: 'true' });
    const { key } = await userWithKey(fixture, 'ulla', 500_000);
    // Some usage, so the user's home and the lists have rows to draw.
    for (let call = 0; call < 3; call += 1) expect(await chatStatus(fixture.tollgate.url, key, 20)).toBe(200);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  /** A context per device, signed in through the login page when the role has an account. */
  async function contextFor(role: Role, device: typeof DESKTOP | typeof PHONE): Promise<BrowserContext> {
    // axe-core is injected as a script, which the console's Content-Security-Policy would refuse.
    const context = await browser.newContext({ ...device, bypassCSP: true });
    if (!role.username) return context;
    const page = await context.newPage();
    await page.goto(`${fixture.tollgate.url}/login`);
    await page.fill('#username', role.username);
    await page.fill('#password', role.password ?? '');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/token');
    await page.close();
    return context;
  }

  /** Opens a route in a theme and waits until its chunk, data and skeletons are done; answers the console errors seen. */
  async function open(page: Page, route: string, theme: string): Promise<string[]> {
    const errors: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => message.type() === 'error' && errors.push(message.text());
    const onError = (error: Error) => errors.push(error.message);
    page.on('console', onConsole);
    page.on('pageerror', onError);
    await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
    await page.goto(`${fixture.tollgate.url}${route}`);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('[data-testid="page-loading"], [data-testid="skeleton"]').count(), { message: `${route} still loading` }).toBe(0);
    page.off('console', onConsole);
    page.off('pageerror', onError);
    return errors;
  }

  /** Checks every view, gathering what is wrong with each (so one run names every broken page), then asserts there is nothing. */
  async function checkEveryRoute(role: Role): Promise<void> {
    const problems: Record<string, unknown> = {};
    for (const [device, settings] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const context = await contextFor(role, settings);
      const page = await context.newPage();
      await page.goto(`${fixture.tollgate.url}/about`);
      for (const theme of THEMES) {
        for (const route of role.routes) {
          const where = `${role.name} ${device} ${theme} ${route}`;
          const errors = await open(page, route, theme);
          if (errors.length > 0) problems[`${where}: console errors`] = errors;
          if (!(await page.evaluate(() => document.documentElement.classList.contains('dark'))) === (theme === 'dark')) problems[`${where}: theme`] = 'not applied';
          if (device === 'phone') {
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            if (overflow > 0) problems[`${where}: scrolls sideways by`] = overflow;
          } else {
            const violations = await seriousViolations(page);
            if (violations.length > 0) problems[`${where}: axe`] = violations;
          }
          await page.screenshot({ path: join(SHOTS, `${role.name}_${device}_${theme}${route.replace(/[/?=]/g, '_')}.png`), fullPage: true });
        }
      }
      await context.close();
    }
    expect(problems).toEqual({});
  }

  it('for a visitor', async () => {
    await checkEveryRoute({ name: 'visitor', routes: PUBLIC });
  }, 300_000);

  it('for an ordinary user', async () => {
    await checkEveryRoute({ name: 'user', username: 'ulla', password: 'ulla-password', routes: USER });
  }, 300_000);

  it('for root', async () => {
    await checkEveryRoute({ name: 'root', username: 'root', password: '123456', routes: [...USER, ...ADMIN, ...ROOT] });
  }, 600_000);
});
