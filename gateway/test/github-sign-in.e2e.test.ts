import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignInMock, startSignInMock } from './mock-upstream/sign-in-mock.js';
import { launchChromium } from './support/browser.js';
import { type EmbeddedFixture, startEmbeddedFixture } from './support/embedded-fixture.js';
import { SIGN_IN_SETTINGS, signInEnv } from './support/sign-in-harness.js';

const SHOTS = '/tmp/shots-oauth';
const octocat = { login: 'octocat', name: 'The Octocat', email: 'octo@example.com' };

/**
 * GitHub sign-in in Chromium: the login page's GitHub button takes the browser to the (stand-in)
 * authorize page, which sends it back to /oauth/github with a code and the state; the console
 * hands both to the API, which exchanges the code with the stand-in and opens the account.
 * Then the same user, signed in, binds nothing twice: a second GitHub account binds from settings.
 */
describe('GitHub sign-in in a real browser', () => {
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
});
