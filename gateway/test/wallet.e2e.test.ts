import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EpayMock, startEpayMock } from './mock-upstream/epay-mock.js';
import { launchChromium } from './support/browser.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from './support/embedded-fixture.js';

/**
 * The wallet page in Chromium: the user asks to pay online, confirms the amount payable, the
 * browser itself posts the signed form to the payment gateway (a mock Epay that checks it), the
 * gateway notifies Tollgate, and back on the wallet the balance shows the top-up.
 */
const PID = '2002';
const KEY = 'wallet-merchant-key';

describe('the wallet in a real browser', () => {
  let fixture: EmbeddedFixture;
  let epay: EpayMock;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    epay = await startEpayMock(PID, KEY);
    const options = { PayAddress: epay.url, EpayId: PID, EpayKey: KEY, Price: '7.3', MinTopUp: '1', ServerAddress: fixture.tollgate.url };
    for (const [key, value] of Object.entries(options)) await fixture.root.must('PUT', '/api/option/', { key, value });
    await userWithQuota(fixture, 'wendy', 0);
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(`${fixture.tollgate.url}/login`);
    await page.fill('#username', 'wendy');
    await page.fill('#password', 'wendy-password');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/token');
  });

  afterAll(async () => {
    await browser?.close();
    await epay?.close();
    await fixture?.close();
  });

  it('pays online through the gateway and shows the new balance', async () => {
    await page.goto(`${fixture.tollgate.url}/topup`);
    await page.fill('#topup-amount', '2');
    await page.getByRole('button', { name: '支付宝' }).click();
    await expect.poll(() => page.getByTestId('topup-confirm').textContent()).toContain('14.60');
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL(`${epay.url}/submit.php`);
    expect(epay.orders).toHaveLength(1);
    expect(epay.orders[0]?.params).toMatchObject({ pid: PID, type: 'alipay', money: '14.60', name: 'TUC2' });
    expect(await epay.pay(epay.orders[0]?.params.out_trade_no ?? '')).toBe('success');
    await page.goto(`${fixture.tollgate.url}/topup`);
    await expect.poll(() => page.getByTestId('balance-quota').getAttribute('data-quota'), { timeout: 10_000 }).toBe(String(2 * 500_000));
  });
});
