import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EpayMock, startEpayMock } from '../mock-upstream/services/epay-mock.js';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/**
 * The wallet page in Chromium: the user asks to pay online, confirms the amount payable, the
 * browser itself posts the signed form to the payment gateway (a mock Epay that checks it), the
 * gateway notifies Tollgate, and back on the wallet the balance shows the top-up. Then a code
 * root creates on the redemption page is redeemed on the wallet.
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
    const options = { ServerAddress: fixture.tollgate.url, PayAddress: epay.url, EpayId: PID, EpayKey: KEY, Price: '7.3', MinTopUp: '1' };
    for (const [key, value] of Object.entries(options)) await fixture.root.must('PUT', '/api/option/', { key, value });
    await userWithQuota(fixture, 'wendy', 0);
    browser = await launchChromium();
    page = await browser.newPage();
    await signInOnPage(page, fixture.tollgate.url, 'wendy', 'wendy-password');
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

  it('redeems a code that root created on the redemption page', async () => {
    const admin = await browser.newPage();
    try {
      await signInOnPage(admin, fixture.tollgate.url, 'root', '123456');
      await admin.goto(`${fixture.tollgate.url}/redemption`);
      await admin.getByRole('button', { name: '添加新的兑换码' }).click();
      await admin.fill('#redemption-name', 'browser');
      await admin.fill('#redemption-quota', '250000');
      await admin.getByRole('button', { name: '提交' }).click();
      const key = (await admin.getByTestId('redemption-keys').textContent()) ?? '';
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      const before = Number(await page.getByTestId('balance-quota').getAttribute('data-quota'));
      await page.fill('#redeem-code', key);
      await page.getByRole('button', { name: '兑换', exact: true }).click();
      await expect.poll(() => page.getByText('兑换成功！').count()).toBe(1);
      await expect.poll(() => page.getByTestId('balance-quota').getAttribute('data-quota'), { timeout: 10_000 }).toBe(String(before + 250_000));
    } finally {
      await admin.close();
    }
  });
});
