import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { chatStatus } from '../support/clients/chat-status.js';
import type { ConsoleClient } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/**
 * Issue #41's plans page in Chromium against the real embedded server: a user buys a plan from the
 * wallet in the UI, and after a relayed call the plan's window shows exactly that call's cost less
 * left, while the wallet paid only the price.
 */
const PROMPT = 4;
const COMPLETION = 6;
const CALL_COST = PROMPT + COMPLETION; // every ratio 1
const WINDOW = 100 * CALL_COST;
const PRICE_USD = 2;
const QUOTA_PER_UNIT = 500_000; // new-api's default
const WALLET = 3 * QUOTA_PER_UNIT;

describe('the plans page in a real browser', () => {
  let fixture: EmbeddedFixture;
  let pia: ConsoleClient;
  let key: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ promptTokens: PROMPT, completionTokens: COMPLETION });
    await addMockChannel(fixture);
    const plan = { title: 'daily hundred', price_amount: PRICE_USD, duration_unit: 'day', duration_value: 30, total_amount: WINDOW, quota_reset_period: 'daily' };
    await fixture.root.must('POST', '/api/subscription/admin/plans', { plan });
    ({ user: pia, key } = await userWithKey(fixture, 'pia', WALLET));
    browser = await launchChromium();
    page = await browser.newPage();
    await signInOnPage(page, fixture.tollgate.url, 'pia', 'pia-password');
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  const windowLeft = () => page.getByTestId('subscription-window').first().getAttribute('data-left');

  it('buys the plan from the wallet and shows its whole window left', async () => {
    await page.goto(`${fixture.tollgate.url}/subscription`);
    const card = page.getByTestId('plan-card').filter({ hasText: 'daily hundred' });
    await card.getByRole('button', { name: '余额购买' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '余额购买' }).click();
    await expect.poll(() => page.getByTestId('subscription').count(), { timeout: 10_000 }).toBe(1);
    expect(await windowLeft()).toBe(String(WINDOW));
    await expect.poll(async () => (await pia.must<{ quota: number }>('GET', '/api/user/self')).quota, { timeout: 10_000 }).toBe(WALLET - PRICE_USD * QUOTA_PER_UNIT);
  });

  it('shows the window one call lower after a relayed call, the wallet untouched by it', async () => {
    expect(await chatStatus(fixture.tollgate.url, key, 20)).toBe(200);
    await expect.poll(async () => {
      await page.reload();
      await page.getByTestId('subscription-window').first().waitFor();
      return windowLeft();
    }, { timeout: 15_000 }).toBe(String(WINDOW - CALL_COST));
    expect((await pia.must<{ quota: number }>('GET', '/api/user/self')).quota).toBe(WALLET - PRICE_USD * QUOTA_PER_UNIT);
  });
});
