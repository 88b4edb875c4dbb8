import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/** Where the pages' screenshots go, to be looked at (the spec's "save a screenshot of each page"). */
const SHOTS = '/tmp/shots-routes';

const PUBLIC = ['/', '/login', '/register', '/reset', '/pricing', '/about', '/chat'];
const USER = ['/token', '/topup', '/log', '/detail', '/midjourney', '/task', '/playground', '/setting', '/chat2link'];
const ADMIN = ['/channel', '/channel/add', '/redemption', '/user', '/ops'];
const ROOT = ['/setting?tab=operation', '/setting?tab=system', '/setting?tab=other', '/audit', '/audit/ledger'];

/**
 * Every route of the spec in Chromium, for each role that may open it: it stays on its path
 * (a guarded one sends a visitor to /login), it is not the not-found page, it draws something,
 * and none of the calls it makes is refused (no error toast).
 */
describe('every console route, by role, in a real browser', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;
  /** An administrator edits users below them: the ordinary user's editor. */
  let userEditor: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    fixture = await startEmbeddedFixture();
    await addMockChannel(fixture);
    await fixture.root.must('PUT', '/api/option/', { key: 'DrawingEnabled', value: 'true' });
    await fixture.root.must('PUT', '/api/option/', { key: 'TaskEnabled', value: 'true' });
    // A chat link into the console itself, and an enabled token each, so /chat frames it and /chat2link goes there.
    await fixture.root.must('PUT', '/api/option/', { key: 'Chats', value: JSON.stringify([{ Tollgate: `${fixture.tollgate.url}/about?key={key}` }]) });
    const { user: ulla } = await userWithKey(fixture, 'ulla', 1000);
    userEditor = `/user/edit/${(await ulla.must<{ id: number }>('GET', '/api/user/self')).id}`;
    const { user: adam } = await userWithKey(fixture, 'adam', 1000);
    const { id } = await adam.must<{ id: number }>('GET', '/api/user/self');
    await fixture.root.must('POST', '/api/user/manage', { id, action: 'promote' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  async function signedIn(username: string, password: string): Promise<Page> {
    const page = await browser.newPage();
    await signInOnPage(page, fixture.tollgate.url, username, password);
    return page;
  }

  async function expectRenders(page: Page, role: string, route: string): Promise<void> {
    await page.goto(`${fixture.tollgate.url}${route}`);
    await page.waitForLoadState('networkidle');
    const where = new URL(page.url());
    // /chat2link leaves for the first chat link, here the console's /about with the user's key.
    if (route === '/chat2link') expect(`${where.pathname}${where.search}`, `${role} ${route}`).toMatch(/^\/about\?key=sk-[A-Za-z0-9]{48}$/);
    else expect(`${where.pathname}${where.search}`, `${role} ${route}`).toBe(route);
    expect(await page.getByTestId('not-found').count(), `${role} ${route}`).toBe(0);
    // /chat draws the chat link's frame for a signed-in user; its text is not the console's.
    if (route === '/chat' && role !== 'visitor') expect(await page.locator('main iframe').getAttribute('src'), `${role} ${route}`).toMatch(/\/about\?key=sk-/);
    else expect((await page.locator('main').innerText()).trim().length, `${role} ${route} draws nothing`).toBeGreaterThan(0);
    expect(await page.getByTestId('toast-error').allInnerTexts(), `${role} ${route}`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${role}${route.replace(/[/?=]/g, '_')}.png`, fullPage: true });
  }

  it('renders the public pages to a visitor, and sends them from guarded ones to /login', async () => {
    const page = await browser.newPage();
    for (const route of PUBLIC) await expectRenders(page, 'visitor', route);
    for (const route of [...USER, ...ADMIN].slice(0, 4)) {
      await page.goto(`${fixture.tollgate.url}${route}`);
      await page.waitForURL('**/login');
    }
    await page.goto(`${fixture.tollgate.url}/no/such/page`);
    await page.getByTestId('not-found').waitFor();
  });

  it('renders every page an ordinary user may open', async () => {
    const page = await signedIn('ulla', 'ulla-password');
    for (const route of [...PUBLIC, ...USER]) await expectRenders(page, 'user', route);
  });

  it('renders the administrators’ pages to an administrator', async () => {
    const page = await signedIn('adam', 'adam-password');
    for (const route of [...USER, ...ADMIN, userEditor]) await expectRenders(page, 'admin', route);
  });

  it('renders the root settings tabs to the super administrator', async () => {
    const page = await signedIn('root', '123456');
    for (const route of [...ADMIN, userEditor, ...ROOT]) await expectRenders(page, 'root', route);
  });
});
