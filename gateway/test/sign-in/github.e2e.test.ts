import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignInMock, startSignInMock } from '../mock-upstream/services/sign-in-mock.js';
import { launchChromium } from '../support/browsers/browser.js';
import { ConsoleClient } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';
import { SIGN_IN_SETTINGS, signInEnv } from '../support/gateways/sign-in-harness.js';

const SHOTS = '/tmp/shots-oauth';
const octocat = { login: 'octocat', name: 'The Octocat', email: 'octo@example.com' };

/**
 * GitHub sign-in in Chromium: the login page's GitHub button takes the browser to the (stand-in)
 * authorize page, which sends it back to /oauth/github with a code and the state; the console
 * hands both to the API, which exchanges the code with the stand-in and opens the account.
 * Then the same user, signed in, binds nothing twice: a second GitHub account binds from settings.
 * Last, the sign-in switches root saves: the login and register pages show only what is on.
 */
describe('GitHub sign-in and the sign-in switches in a real browser', () => {
  let fixture: EmbeddedFixture;
  let mock: SignInMock;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    mock = await startSignInMock(SIGN_IN_SETTINGS);
    fixture = await startEmbeddedFixture({}, signInEnv(mock.url));
    const options = { GitHubClientId: SIGN_IN_SETTINGS.github.clientId, GitHubClientSecret: SIGN_IN_SETTINGS.github.clientSecret, GitHubOAuthEnabled: 'true' };
    for (const [key, value] of Object.entries(options)) await fixture.root.must('PUT', '/api/option/', { key, value });
    browser = await launchChromium();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
    await mock?.close();
  });

  it('opens an account through GitHub and lands signed in on /token', async () => {
    mock.authorizeGitHubAs(octocat, `${fixture.tollgate.url}/oauth/github`);
    await page.goto(`${fixture.tollgate.url}/login`);
    const button = page.getByRole('button', { name: '使用 GitHub 继续' });
    await button.waitFor();
    await page.screenshot({ path: `${SHOTS}/login-with-github.png` });
    await button.click();
    await page.waitForURL('**/token');
    await page.screenshot({ path: `${SHOTS}/github-signed-in.png` });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { username: string } | null);
    expect(stored?.username).toBe('github_2');
    const self = await page.evaluate(async (id) => (await fetch('/api/user/self', { headers: { 'New-Api-User': String(id) } })).json(), (await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').id)) as number);
    expect(self.data).toMatchObject({ username: 'github_2', display_name: 'The Octocat', github_id: 'octocat', email: 'octo@example.com' });
    const authorize = mock.seen.find((r) => r.path === '/login/oauth/authorize');
    expect(authorize).toBeDefined();
  });

  it('binds a second GitHub account from the settings page of a password user', async () => {
    const other = await browser.newPage();
    try {
      await fixture.root.must('POST', '/api/user/', { username: 'penny', password: 'penny-password', display_name: 'Penny' });
      await other.goto(`${fixture.tollgate.url}/login`);
      await other.fill('#username', 'penny');
      await other.fill('#password', 'penny-password');
      await other.getByRole('button', { name: '登录' }).first().click();
      await other.waitForURL('**/token');
      mock.authorizeGitHubAs({ login: 'penny-gh', name: 'Penny' }, `${fixture.tollgate.url}/oauth/github`);
      await other.goto(`${fixture.tollgate.url}/setting`);
      await other.getByTestId('binding-github').getByRole('button', { name: '绑定' }).click();
      await other.waitForURL('**/setting');
      await expect.poll(() => other.getByTestId('binding-github').textContent(), { timeout: 10_000 }).toContain('penny-gh');
      await other.screenshot({ path: `${SHOTS}/github-bound.png`, fullPage: true });
    } finally {
      await other.close();
    }
  });

  /** Root saves the options as the settings page does; the next page load shows their effect. */
  const save = async (options: Record<string, string>) => {
    for (const [key, value] of Object.entries(options)) await fixture.root.must('PUT', '/api/option/', { key, value });
  };

  it('PasswordLoginEnabled, RegisterEnabled, EmailVerificationEnabled: the login and register pages show only what is switched on', async () => {
    const visitor = await browser.newPage();
    try {
      await save({ PasswordLoginEnabled: 'false' });
      await visitor.goto(`${fixture.tollgate.url}/login`);
      await visitor.getByRole('button', { name: '使用 GitHub 继续' }).waitFor();
      expect(await visitor.locator('#password').count()).toBe(0);
      expect(await visitor.getByRole('link', { name: /忘记密码/ }).count()).toBe(0);
      await visitor.screenshot({ path: `${SHOTS}/login-password-off.png` });

      await save({ PasswordLoginEnabled: 'true', RegisterEnabled: 'false' });
      await visitor.goto(`${fixture.tollgate.url}/login`);
      await visitor.locator('#password').waitFor();
      expect(await visitor.getByRole('link', { name: /注册/ }).count()).toBe(0);
      await visitor.goto(`${fixture.tollgate.url}/register`);
      await visitor.getByText('管理员关闭了新用户注册').waitFor();
      expect(await visitor.locator('#username').count()).toBe(0);
      expect(await visitor.getByRole('button', { name: '使用 GitHub 继续' }).count()).toBe(0);
      await visitor.screenshot({ path: `${SHOTS}/register-closed.png` });

      await save({ RegisterEnabled: 'true', SMTPServer: 'smtp.tollgate.invalid', EmailVerificationEnabled: 'true' });
      await visitor.goto(`${fixture.tollgate.url}/register`);
      await visitor.getByLabel('邮箱地址').waitFor();
      expect(await visitor.locator('#password2').count()).toBe(1);
      await visitor.screenshot({ path: `${SHOTS}/register-email-verification.png` });
    } finally {
      await save({ PasswordLoginEnabled: 'true', RegisterEnabled: 'true', EmailVerificationEnabled: 'false' });
      await visitor.close();
    }
  });

  it('PasswordRegisterEnabled, WeChatAuthEnabled, WeChatAccountQRCodeImageURL, QuotaForInviter: with password sign-up off, an invited visitor signs up through WeChat from the register page', async () => {
    await fixture.root.must('POST', '/api/user/', { username: 'inviter', password: 'inviter-password', display_name: 'Inviter' });
    const inviter = new ConsoleClient(fixture.tollgate.url);
    await inviter.login('inviter', 'inviter-password');
    const affCode = await inviter.must<string>('GET', '/api/user/aff');
    const qrCode = `${mock.url}/wechat-qr.png`;
    await save({ WeChatServerAddress: mock.url, WeChatServerToken: SIGN_IN_SETTINGS.wechat.token, WeChatAccountQRCodeImageURL: qrCode, WeChatAuthEnabled: 'true', QuotaForInviter: '700', PasswordRegisterEnabled: 'false' });
    const visitor = await browser.newPage();
    try {
      await visitor.goto(`${fixture.tollgate.url}/register?aff=${affCode}`);
      await visitor.getByText('管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册').waitFor();
      expect(await visitor.locator('#password2').count()).toBe(0);
      await visitor.getByRole('button', { name: '使用 微信 继续' }).click();
      expect(await visitor.getByRole('dialog').locator('img').getAttribute('src')).toBe(qrCode);
      await visitor.getByLabel('验证码').fill(mock.weChatCode('openid-invited'));
      await visitor.screenshot({ path: `${SHOTS}/register-wechat-only.png` });
      await visitor.getByRole('dialog').getByRole('button', { name: '登录' }).click();
      await visitor.waitForURL('**/token');
      expect(await inviter.must('GET', '/api/user/self')).toMatchObject({ aff_count: 1, aff_quota: 700 });
    } finally {
      await save({ PasswordRegisterEnabled: 'true', WeChatAuthEnabled: 'false', QuotaForInviter: '0' });
      await visitor.close();
    }
  });
});
