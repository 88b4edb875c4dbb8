import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcProviderMock, startOidcProvider } from '../mock-upstream/services/oidc-provider-mock.js';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { type EmbeddedFixture, startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';

const SHOTS = '/tmp/shots-oidc';
const CLIENT = { id: 'tollgate-console', secret: 'oidc-e2e-secret' };
const byId = (id: string) => `[id="${id}"]`;

/**
 * OIDC in Chromium: root fills the OIDC group of the settings page (only the well-known address,
 * the endpoints come from discovery); a visitor's OIDC button on the login page goes to the
 * stand-in provider's authorize page, which redirects back to /oauth/oidc with code and state; the
 * API exchanges the code, verifies the RS256 ID token and the console lands signed in.
 */
describe('OIDC sign-in in a real browser', () => {
  let fixture: EmbeddedFixture;
  let provider: OidcProviderMock;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    provider = await startOidcProvider(CLIENT);
    fixture = await startEmbeddedFixture();
    await fixture.root.must('PUT', '/api/option/', { key: 'ServerAddress', value: fixture.tollgate.url });
    browser = await launchChromium();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
    await provider?.close();
  });

  it('oidc.enabled, oidc.well_known: root saves the OIDC group on the settings page', async () => {
    await signInOnPage(page, fixture.tollgate.url, 'root', '123456');
    await page.goto(`${fixture.tollgate.url}/setting?tab=system`);
    const group = page.getByRole('region', { name: '配置 OIDC' });
    await page.fill(byId('option-oidc.client_id'), CLIENT.id);
    await page.fill(byId('option-oidc.client_secret'), CLIENT.secret);
    await page.fill(byId('option-oidc.well_known'), provider.wellKnown);
    await group.getByRole('switch').click();
    await group.getByRole('button', { name: '保存配置 OIDC' }).click();
    await expect.poll(() => page.getByText('保存成功').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/settings-oidc.png`, fullPage: true });
    const status = await fixture.root.must<Record<string, unknown>>('GET', '/api/status');
    expect(status).toMatchObject({ oidc_enabled: true, oidc_client_id: CLIENT.id, oidc_authorization_endpoint: `${provider.issuer}/authorize` });
    await page.context().clearCookies();
  });

  it('a visitor signs in with the OIDC button and lands on /token as oidc_<n>', async () => {
    const visitor = await browser.newPage();
    try {
      provider.signInAs({ sub: 'e2e-sub-1', email: 'olga@idp.example', name: 'Olga' });
      await visitor.goto(`${fixture.tollgate.url}/login`);
      const button = visitor.getByRole('button', { name: '使用 OIDC 继续' });
      await button.waitFor();
      await button.click();
      await visitor.waitForURL('**/token');
      await visitor.screenshot({ path: `${SHOTS}/oidc-signed-in.png` });
      const stored = await visitor.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { id: number; username: string } | null);
      expect(stored?.username).toMatch(/^oidc_\d+$/);
      const self = await visitor.evaluate(async (id) => (await fetch('/api/user/self', { headers: { 'New-Api-User': String(id) } })).json(), stored?.id ?? 0);
      expect(self.data).toMatchObject({ display_name: 'Olga', email: 'olga@idp.example', oidc_id: 'e2e-sub-1' });
    } finally {
      await visitor.close();
    }
  });
});
