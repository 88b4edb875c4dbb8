import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeMock, startStripeMock } from '../mock-upstream/services/stripe-mock.js';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/**
 * Stripe on the wallet page in Chromium: the user asks for an amount, confirms the quote, the
 * browser goes to Stripe's hosted checkout (the mock's), Stripe posts its signed webhook, and
 * back on the wallet the balance shows the top-up.
 */
describe('Stripe on the wallet in a real browser', () => {
  let fixture: EmbeddedFixture;
  let stripe: StripeMock;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    stripe = await startStripeMock({ secretKey: 'sk_test_wallet', webhookSecret: 'whsec_wallet', prices: { price_wallet: { unitAmount: 100, currency: 'usd' } } });
    fixture = await startEmbeddedFixture({}, { STRIPE_API_URL: stripe.url });
    stripe.webhookUrl = `${fixture.tollgate.url}/api/stripe/webhook`;
    const options = { ServerAddress: fixture.tollgate.url, StripeApiSecret: 'sk_test_wallet', StripeWebhookSecret: 'whsec_wallet', StripePriceId: 'price_wallet', StripeUnitPrice: '1' };
    for (const [key, value] of Object.entries(options)) await fixture.root.must('PUT', '/api/option/', { key, value });
    await userWithQuota(fixture, 'sam', 0);
    browser = await launchChromium();
    page = await browser.newPage();
    await signInOnPage(page, fixture.tollgate.url, 'sam', 'sam-password');
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
    await stripe?.close();
  });

  it('pays through Stripe Checkout and shows the new balance', async () => {
    await page.goto(`${fixture.tollgate.url}/topup`);
    await page.fill('#stripe-amount', '3');
    await page.getByRole('button', { name: 'Stripe', exact: true }).click();
    await expect.poll(() => page.getByTestId('provider-confirm').textContent()).toContain('3.00');
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL(`${stripe.url}/c/pay/**`);
    expect(await page.title()).toBe('Stripe Checkout');
    const [session] = stripe.sessions;
    expect(page.url()).toBe(session?.url);
    expect(await stripe.deliver(stripe.complete(session?.id ?? ''))).toBe(200);
    await page.goto(`${fixture.tollgate.url}/topup`);
    await expect.poll(() => page.getByTestId('balance-quota').getAttribute('data-quota'), { timeout: 10_000 }).toBe(String(3 * 500_000));
  });
});
