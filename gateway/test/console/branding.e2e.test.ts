import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browsers/browser.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

const SHOTS = '/tmp/shots-branding';
/** Outside sites the options point at, answered inside the browser so no test needs the network. */
const OUTSIDE = ['https://chat.example/**', 'https://next.example/**', 'https://shop.example/**', 'https://frame.example/**'];

/**
 * The operator's branding and money options, each saved through PUT /api/option/ as the settings
 * page saves it, then seen in Chromium on the real embedded server: one server, one browser, a
 * visitor's page and a signed-in user's page.
 */
describe('branding and money options in a real browser', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;
  let visitor: Page;
  let bella: Page;
  let bellaKey = '';

  const setOptions = async (options: Record<string, string>) => {
    for (const [key, value] of Object.entries(options)) await fixture.root.must('PUT', '/api/option/', { key, value });
  };
  const open = async (page: Page, path: string) => {
    await page.goto(`${fixture.tollgate.url}${path}`);
    await page.waitForLoadState('networkidle');
  };

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    for (const pattern of OUTSIDE) await context.route(pattern, (route) => route.fulfill({ contentType: 'text/html', body: '<p>outside</p>' }));
    return context;
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    fixture = await startEmbeddedFixture();
    ({ key: bellaKey } = await userWithKey(fixture, 'bella', 1_000_000));
    browser = await launchChromium();
    visitor = await (await newContext()).newPage();
    bella = await (await newContext()).newPage();
    await open(bella, '/login');
    await bella.fill('#username', 'bella');
    await bella.fill('#password', 'bella-password');
    await bella.getByRole('button', { name: '登录' }).click();
    await bella.waitForURL('**/token');
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it('SystemName, Logo, Footer, Notice, HomePageContent: the tab, header, footer and home page carry the brand; a URL home page is framed', async () => {
    await setOptions({
      SystemName: 'Acme AI', Logo: '/brand/acme.png', Footer: '<span id="acme-footer">© Acme Corp</span>',
      Notice: 'Maintenance **tonight**', HomePageContent: '# Welcome to Acme\n\nFast *models* for everyone',
    });
    await open(visitor, '/');
    await expect.poll(() => visitor.title()).toBe('Acme AI');
    expect(await visitor.locator('link[rel="icon"]').getAttribute('href')).toBe('/brand/acme.png');
    expect(await visitor.getByTestId('logo').getAttribute('src')).toBe('/brand/acme.png');
    expect(await visitor.getByTestId('system-name').textContent()).toBe('Acme AI');
    expect(await visitor.locator('footer #acme-footer').textContent()).toBe('© Acme Corp');
    expect(await visitor.getByTestId('notice').locator('strong').textContent()).toBe('tonight');
    expect(await visitor.getByRole('heading', { level: 1, name: 'Welcome to Acme' }).count()).toBe(1);
    expect(await visitor.getByTestId('operator-content').locator('em').textContent()).toBe('models');
    await visitor.screenshot({ path: `${SHOTS}/home-markdown.png`, fullPage: true });

    await setOptions({ HomePageContent: 'https://frame.example/home' });
    await open(visitor, '/');
    await expect.poll(() => visitor.getByTestId('operator-frame').getAttribute('src')).toBe('https://frame.example/home');
    expect(await visitor.getByTestId('notice').count()).toBe(1);
  });

  it('About: Markdown on /about, or a URL in a frame', async () => {
    await setOptions({ About: '## About Acme\n\nWe relay **models**.' });
    await open(visitor, '/about');
    expect(await visitor.getByRole('heading', { level: 2, name: 'About Acme' }).count()).toBe(1);
    expect(await visitor.locator('[data-testid="operator-content"] strong').textContent()).toBe('models');
    await setOptions({ About: 'https://frame.example/about' });
    await open(visitor, '/about');
    expect(await visitor.getByTestId('operator-frame').getAttribute('src')).toBe('https://frame.example/about');
  });

  it('DefaultCollapseSidebar, DrawingEnabled, TaskEnabled: the sidebar starts collapsed, and lists drawing and tasks only when they are on', async () => {
    await open(bella, '/token');
    await expect.poll(() => bella.getByTestId('sidebar').isVisible()).toBe(true);
    expect(await bella.getByTestId('nav-midjourney').count()).toBe(0);
    expect(await bella.getByTestId('nav-task').count()).toBe(0);
    await setOptions({ DefaultCollapseSidebar: 'true', DrawingEnabled: 'true', TaskEnabled: 'true' });
    await open(bella, '/token');
    await expect.poll(() => bella.getByTestId('sidebar').isVisible()).toBe(false);
    await bella.getByTestId('sidebar-toggle').click();
    expect(await bella.getByTestId('nav-midjourney').isVisible()).toBe(true);
    expect(await bella.getByTestId('nav-task').isVisible()).toBe(true);
    await setOptions({ DefaultCollapseSidebar: 'false', DrawingEnabled: 'false' });
    await open(bella, '/token');
    await expect.poll(() => bella.getByTestId('nav-midjourney').count()).toBe(0);
    expect(await bella.getByTestId('nav-task').isVisible()).toBe(true);
  });

  it('Chats, ChatLink, ServerAddress: the sidebar lists the chat links, and they open with the key and the server address filled in', async () => {
    const chats = [{ 'Acme Chat': 'https://chat.example/#/?key={key}&url={address}' }];
    await setOptions({ ServerAddress: 'https://gw.example', Chats: JSON.stringify(chats), ChatLink: 'https://next.example' });
    const filled = `https://chat.example/#/?key=${bellaKey}&url=${encodeURIComponent('https://gw.example')}`;
    await open(bella, '/token');
    await expect.poll(() => bella.getByTestId('nav-chat-0').textContent()).toBe('Acme Chat');
    expect(await bella.getByTestId('nav-chat-1').textContent()).toBe('ChatLink');
    await bella.getByTestId('token-chat').click();
    const [popup] = await Promise.all([bella.waitForEvent('popup'), bella.getByRole('menuitem', { name: 'Acme Chat' }).click()]);
    // The tab opens blank in the click, then leaves for the link once the key is revealed.
    await popup.waitForURL((url) => url.href === filled);
    expect(popup.url()).toBe(filled);
    await popup.close();
    await bella.getByTestId('nav-chat-1').click();
    const legacy = `https://next.example/#/?settings=${encodeURIComponent(JSON.stringify({ key: bellaKey, url: 'https://gw.example' }))}`;
    await expect.poll(() => bella.locator('iframe[title="ChatLink"]').getAttribute('src')).toBe(legacy);
  });

  it('TopUpLink: the wallet\'s button opens the operator\'s shop', async () => {
    await setOptions({ TopUpLink: 'https://shop.example/buy' });
    await open(bella, '/topup');
    const [popup] = await Promise.all([bella.waitForEvent('popup'), bella.getByRole('button', { name: '获取兑换码' }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://shop.example/buy');
    await popup.close();
  });

  it('DataExportDefaultTime: the dashboard opens on the operator\'s buckets', async () => {
    await setOptions({ DataExportDefaultTime: 'day' });
    await open(bella, '/detail');
    await expect.poll(() => bella.locator('#detail-granularity').inputValue()).toBe('day');
  });

  it('QuotaPerUnit, DisplayInCurrencyEnabled: balances and quota inputs show dollars at the operator\'s rate, or raw quota', async () => {
    await open(bella, '/topup');
    await expect.poll(() => bella.getByTestId('balance-quota').textContent()).toBe('$2.00');
    await setOptions({ QuotaPerUnit: '250000' });
    await open(bella, '/topup');
    await expect.poll(() => bella.getByTestId('balance-quota').textContent()).toBe('$4.00');
    await open(bella, '/token');
    await bella.getByRole('button', { name: '添加令牌' }).click();
    await bella.fill('#token-quota', '750000');
    expect(await bella.getByTestId('token-quota-equivalent').textContent()).toBe('等价金额：$3.00');
    await bella.screenshot({ path: `${SHOTS}/token-dialog-currency.png` });
    await setOptions({ DisplayInCurrencyEnabled: 'false' });
    await open(bella, '/topup');
    await expect.poll(() => bella.getByTestId('balance-quota').textContent()).toBe('1.00M');
    await open(bella, '/token');
    await bella.getByRole('button', { name: '添加令牌' }).click();
    expect(await bella.getByTestId('token-quota-equivalent').count()).toBe(0);
  });
});
