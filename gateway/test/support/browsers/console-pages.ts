import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { launchChromium, signInOnPage } from './browser.js';
import { chatStatus } from '../clients/chat-status.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../gateways/embedded-fixture.js';

/** Every page in light and dark, desktop and phone, to be looked at (gitignored). */
export const SHOTS = join(import.meta.dirname, '../../../../test-output/console-pages');
const PHONE_WIDTH = 390;
const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: PHONE_WIDTH, height: 844 }, isMobile: true, hasTouch: true },
} as const;
const THEMES = ['light', 'dark'] as const;

export const PUBLIC_ROUTES = ['/', '/login', '/register', '/reset', '/pricing', '/about', '/chat', '/no/such/page'];
export const USER_ROUTES = ['/', '/token', '/topup', '/subscription', '/log', '/detail', '/midjourney', '/task', '/playground', '/setting', '/statement', '/pricing', '/about', '/chat'];
export const ADMIN_ROUTES = ['/channel', '/channel/add', '/channel/edit/1', '/redemption', '/plan', '/user', '/user/edit/2', '/ops'];
export const ROOT_ROUTES = ['/setting?tab=operation', '/setting?tab=system', '/setting?tab=other', '/import', '/audit', '/audit/ledger'];

export interface Role { name: string; username?: string; password?: string; routes: string[] }

export interface PagesFixture { fixture: EmbeddedFixture; browser: Browser; close(): Promise<void> }

/** A Tollgate with a channel, drawing, tasks and the dashboard on, and a user (ulla, id 2) whose three calls give the lists and her home rows. */
export async function startPagesFixture(): Promise<PagesFixture> {
  mkdirSync(SHOTS, { recursive: true });
  const fixture = await startEmbeddedFixture();
  await addMockChannel(fixture);
  for (const key of ['DrawingEnabled', 'TaskEnabled', 'DataExportEnabled']) await fixture.root.must('PUT', '/api/option/', { key, value: 'true' });
  const { key } = await userWithKey(fixture, 'ulla', 500_000);
  for (let call = 0; call < 3; call += 1) expect(await chatStatus(fixture.tollgate.url, key, 20)).toBe(200);
  const browser = await launchChromium();
  return { fixture, browser, close: async () => { await browser.close(); await fixture.close(); } };
}

/** A context per device, signed in through the login page when the role has an account. */
async function contextFor({ fixture, browser }: PagesFixture, role: Role, device: keyof typeof DEVICES): Promise<BrowserContext> {
  // axe-core is injected as a script, which the console's Content-Security-Policy would refuse.
  const context = await browser.newContext({ ...DEVICES[device], bypassCSP: true });
  if (!role.username) return context;
  const page = await context.newPage();
  await signInOnPage(page, fixture.tollgate.url, role.username, role.password ?? '');
  await page.close();
  return context;
}

/** Opens a route in a theme and waits until its chunk, data and skeletons are done; answers the console errors seen. */
async function open(base: string, page: Page, route: string, theme: string): Promise<string[]> {
  const errors: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => message.type() === 'error' && errors.push(message.text());
  const onError = (error: Error) => errors.push(error.message);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
  await page.goto(`${base}${route}`);
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('[data-testid="page-loading"], [data-testid="skeleton"]').count(), { message: `${route} still loading` }).toBe(0);
  page.off('console', onConsole);
  page.off('pageerror', onError);
  return errors;
}

/**
 * Every route of a role in light and dark on a desktop and a phone: no console error, no page wider
 * than the phone, and (on the desktop, in both themes) no serious or critical axe-core violation.
 * Each view is saved as a screenshot. What is wrong is gathered over all views (one run names every
 * broken page), then asserted to be nothing.
 */
export async function checkEveryRoute(pages: PagesFixture, role: Role): Promise<void> {
  const base = pages.fixture.tollgate.url;
  const problems: Record<string, unknown> = {};
  for (const device of ['desktop', 'phone'] as const) {
    const context = await contextFor(pages, role, device);
    const page = await context.newPage();
    await page.goto(`${base}/about`);
    for (const theme of THEMES) {
      for (const route of role.routes) {
        const where = `${role.name} ${device} ${theme} ${route}`;
        const errors = await open(base, page, route, theme);
        if (errors.length > 0) problems[`${where}: console errors`] = errors;
        const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
        if (dark !== (theme === 'dark')) problems[`${where}: theme`] = 'not applied';
        if (device === 'phone') {
          // Measured against the phone's width: a mobile browser widens its layout viewport to content that overflows.
          const overflow = (await page.evaluate(() => document.documentElement.scrollWidth)) - PHONE_WIDTH;
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

/**
 * One role's check of every page, as a suite: axe-core (serious and critical), console errors,
 * phone overflow, light and dark; screenshots in test-output/console-pages. Each role runs from a
 * file of its own, so a run names the role that broke and no file runs for long.
 */
export function describeConsolePages(title: string, role: Role, timeoutMs: number): void {
  describe(title, () => {
    let pages: PagesFixture;
    beforeAll(async () => {
      pages = await startPagesFixture();
    }, 120_000);
    afterAll(async () => {
      await pages?.close();
    });

    it('pass axe, log no error and fit a phone, in light and dark', async () => {
      await checkEveryRoute(pages, role);
    }, timeoutMs);
  });
}
