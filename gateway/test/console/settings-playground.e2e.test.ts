import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

const SHOTS = '/tmp/shots-playground';
const REPLY = 'Streaming answers arrive one word at a time';

async function logIn(browser: Browser, url: string, username: string, password: string): Promise<Page> {
  const page = await browser.newPage();
  await signInOnPage(page, url, username, password);
  return page;
}

/** Root's settings take effect on the home page; the playground streams a real relay answer and bills the user. */
describe('settings and playground in a real browser', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ reply: REPLY, latencyMs: 150 });
    await addMockChannel(fixture);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it('root saves a notice on the other tab and the home page shows it', async () => {
    const page = await logIn(browser, fixture.tollgate.url, 'root', '123456');
    await page.goto(`${fixture.tollgate.url}/setting?tab=other`);
    await page.fill('#option-Notice', 'Maintenance tonight at 23:00');
    await page.getByRole('button', { name: '保存公告' }).click();
    await expect.poll(() => page.getByText('保存成功').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/setting-other.png`, fullPage: true });
    await page.goto(fixture.tollgate.url);
    await expect.poll(() => page.getByTestId('notice').textContent()).toBe('Maintenance tonight at 23:00');
    await page.screenshot({ path: `${SHOTS}/home-notice.png` });
  });

  it('streams an answer word by word in the playground and the balance drops', async () => {
    const user = await userWithQuota(fixture, 'paula', 1_000_000);
    const page = await logIn(browser, fixture.tollgate.url, 'paula', 'paula-password');
    await page.goto(`${fixture.tollgate.url}/playground`);
    await page.locator('#pg-model option', { hasText: 'mock-model' }).waitFor({ state: 'attached' });
    await page.selectOption('#pg-model', 'mock-model');
    await page.getByLabel('输入消息').fill('Say something');
    await page.getByRole('button', { name: '发送' }).click();
    const answer = page.getByTestId('message-assistant');
    const seen = new Set<string>();
    await expect
      .poll(async () => {
        seen.add((await answer.textContent()) ?? '');
        return answer.getAttribute('data-status');
      }, { timeout: 15_000, interval: 50 })
      .toBe('complete');
    expect(await answer.textContent()).toBe(REPLY);
    const partial = [...seen].filter((text) => text && text !== '…' && text !== REPLY);
    expect(partial.length).toBeGreaterThan(1);
    for (const text of partial) expect(REPLY.startsWith(text)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/playground.png`, fullPage: true });
    await expect.poll(async () => (await user.must<{ quota: number }>('GET', '/api/user/self')).quota, { timeout: 10_000 }).toBeLessThan(1_000_000);
  });
});
