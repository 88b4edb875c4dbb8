import type { Browser, Page } from 'playwright-core';
import { connectLive } from '../support/clients/live-socket.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { ConsoleClient } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';
import { roomInStep, totpCode, wrongCode } from '../support/clients/totp.js';

const SHOTS = '/tmp/shots-two-factor';

async function passwordStep(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${url}/login`);
  await page.fill('#username', 'tina');
  await page.fill('#password', 'tina-password');
  await page.getByRole('button', { name: '登录' }).click();
  await page.locator('#two-factor-code').waitFor();
  return page;
}

/** Two-factor sign-in end to end in Chromium: set up on the settings page, then sign in with a code computed here. */
describe('two-factor sign-in in a real browser', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    browser = await launchChromium();
    await new ConsoleClient(fixture.tollgate.url).must('POST', '/api/user/register', { username: 'tina', password: 'tina-password', password2: 'tina-password' });
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it('sets up two-factor on the settings page, then signs in with the app code and with a recovery code', async () => {
    await roomInStep(20);
    const page = await browser.newPage();
    await signInOnPage(page, fixture.tollgate.url, 'tina', 'tina-password');
    await page.goto(`${fixture.tollgate.url}/setting`);
    await page.getByRole('button', { name: '启用验证' }).click();
    const secret = (await page.getByTestId('two-factor-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByTestId('two-factor-url').textContent()).toContain(`secret=${secret}`);
    const recovery = ((await page.getByTestId('two-factor-backup-codes').textContent()) ?? '').match(/[A-Z0-9]{4}-[A-Z0-9]{4}/g) ?? [];
    expect(recovery).toHaveLength(4);
    await page.fill('#two-factor-enable-code', totpCode(secret, -1));
    await page.getByRole('button', { name: '完成设置并启用两步验证' }).click();
    await expect.poll(() => page.getByTestId('two-factor-state').textContent()).toBe('已启用');
    await page.screenshot({ path: `${SHOTS}/settings.png`, fullPage: true });

    const second = await passwordStep(browser, fixture.tollgate.url);
    await second.screenshot({ path: `${SHOTS}/login-step.png` });
    await second.fill('#two-factor-code', wrongCode(secret));
    await second.getByRole('button', { name: '验证并登录' }).click();
    await expect.poll(() => second.getByText('验证码或备用码错误，请重试').count()).toBeGreaterThan(0);
    await second.fill('#two-factor-code', totpCode(secret));
    await second.getByRole('button', { name: '验证并登录' }).click();
    await second.waitForURL('**/token');
    expect(await second.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.username)).toBe('tina');

    const third = await passwordStep(browser, fixture.tollgate.url);
    await third.getByRole('button', { name: '使用备用码' }).click();
    await third.fill('#two-factor-code', recovery[0] ?? '');
    await third.getByRole('button', { name: '验证并登录' }).click();
    await third.waitForURL('**/token');
  });

  it('TwoFactorRequiredForAdmins: an administrator without two-factor gets neither administrator calls nor the live administrator pushes, and both once it is on', async () => {
    await roomInStep();
    await addMockChannel(fixture);
    const { items } = await fixture.root.must<{ items: { id: number }[] }>('GET', '/api/channel/?p=0&page_size=10');
    await new ConsoleClient(fixture.tollgate.url).must('POST', '/api/user/register', { username: 'amos', password: 'amos-password', password2: 'amos-password' });
    const amos = new ConsoleClient(fixture.tollgate.url);
    await amos.login('amos', 'amos-password');
    await fixture.root.must('POST', '/api/user/manage', { id: amos.userId, action: 'promote' });
    const setup = await fixture.root.must<{ secret: string }>('POST', '/api/user/2fa/setup');
    await fixture.root.must('POST', '/api/user/2fa/enable', { code: totpCode(setup.secret, -1) });
    await fixture.root.must('PUT', '/api/option/', { key: 'TwoFactorRequiredForAdmins', value: 'true' });

    expect((await amos.send('GET', '/api/channel/?p=0&page_size=10')).status).toBe(403);
    const rootSocket = await connectLive(fixture.tollgate.url, fixture.root.sessionCookie());
    const amosSocket = await connectLive(fixture.tollgate.url, amos.sessionCookie());
    const heardByAmos: unknown[] = [];
    amosSocket.on('channel', (payload) => heardByAmos.push(payload));
    const pushed = new Promise<{ id: number }>((resolve) => rootSocket.once('channel', resolve));
    await fixture.root.must('PUT', '/api/channel/', { id: items[0]?.id, priority: 3 });
    expect(await pushed).toEqual({ id: items[0]?.id });
    expect(heardByAmos).toEqual([]);

    const amosSetup = await amos.must<{ secret: string }>('POST', '/api/user/2fa/setup');
    await amos.must('POST', '/api/user/2fa/enable', { code: totpCode(amosSetup.secret, -1) });
    await expect
      .poll(async () => {
        await fixture.root.must('PUT', '/api/channel/', { id: items[0]?.id, priority: 4 });
        return heardByAmos.length;
      }, { timeout: 5000, interval: 200 })
      .toBeGreaterThan(0);
    expect((await amos.send('GET', '/api/channel/?p=0&page_size=10')).status).toBe(200);
    rootSocket.disconnect();
    amosSocket.disconnect();
  });
});
