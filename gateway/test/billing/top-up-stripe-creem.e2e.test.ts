import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreemMock, startCreemMock } from '../mock-upstream/services/creem-mock.js';
import { type StripeMock, startStripeMock } from '../mock-upstream/services/stripe-mock.js';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/**
 * Stripe and Creem top-up end to end on a real gateway and the embedded ledger: the user checks
 * out, the provider (a mock speaking its protocol) posts its signed webhook, and the balance and
 * the log show one credit, however many times and however concurrently the webhook is delivered.
 */
const QUOTA_PER_UNIT = 500_000;
const STRIPE = { secretKey: 'sk_test_e2e_key', webhookSecret: 'whsec_e2e_secret', prices: { price_e2e: { unitAmount: 100, currency: 'usd' } } };
const CREEM = { apiKey: 'creem_e2e_key', webhookSecret: 'creem_e2e_whsec', products: { prod_e2e: { amount: 999, currency: 'USD' } } };

interface SelfView { quota: number }
interface LogRows { items: { content: string; quota: number }[] }

describe('Stripe and Creem top-up through a real gateway', () => {
  let fixture: EmbeddedFixture;
  let stripe: StripeMock;
  let creem: CreemMock;
  let erin: ConsoleClient;

  const quota = async () => (await erin.must<SelfView>('GET', '/api/user/self')).quota;
  const topUpRows = async () => (await erin.must<LogRows>('GET', '/api/log/self/?p=1&type=1')).items;
  /** Waits until the balance reads `expected`, then a while longer, and checks it still does (a late second credit would show). */
  const settlesAt = async (expected: number) => {
    await eventually(async () => ((await quota()) === expected ? true : undefined), 5_000, `the balance reached ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await quota()).toBe(expected);
  };

  beforeAll(async () => {
    stripe = await startStripeMock(STRIPE);
    creem = await startCreemMock(CREEM);
    fixture = await startEmbeddedFixture({}, { STRIPE_API_URL: stripe.url, CREEM_API_URL: creem.url });
    stripe.webhookUrl = `${fixture.tollgate.url}/api/stripe/webhook`;
    creem.webhookUrl = `${fixture.tollgate.url}/api/creem/webhook`;
    const options = {
      ServerAddress: fixture.tollgate.url, StripeApiSecret: STRIPE.secretKey, StripeWebhookSecret: STRIPE.webhookSecret, StripePriceId: 'price_e2e', StripeUnitPrice: '1',
      CreemApiKey: CREEM.apiKey, CreemWebhookSecret: CREEM.webhookSecret, CreemProducts: JSON.stringify([{ productId: 'prod_e2e', name: 'Pack', price: 9.99, currency: 'USD', quota: 3_000_000 }]),
    };
    for (const [key, value] of Object.entries(options)) await fixture.root.must('PUT', '/api/option/', { key, value });
    erin = await userWithQuota(fixture, 'erin', 0);
  });

  afterAll(async () => {
    await fixture?.close();
    await stripe?.close();
    await creem?.close();
  });

  it('offers both on the wallet page', async () => {
    expect(await erin.must('GET', '/api/user/topup/info')).toMatchObject({ enable_stripe_topup: true, enable_creem_topup: true });
  });

  it('credits a Stripe checkout once though Stripe delivers its webhook 20 times at once, then again', async () => {
    const answer = (await (await erin.send('POST', '/api/user/stripe/pay', { amount: 7, payment_method: 'stripe' })).json()) as { message: string; data: { pay_link: string } };
    expect(answer.message).toBe('success');
    const session = stripe.sessions.find((s) => s.url === answer.data.pay_link);
    if (!session) throw new Error('no session behind the pay link');
    const delivery = stripe.complete(session.id);
    expect(await Promise.all(Array.from({ length: 20 }, () => stripe.deliver(delivery)))).toEqual(Array(20).fill(200));
    await settlesAt(7 * QUOTA_PER_UNIT);
    expect(await stripe.deliver(delivery)).toBe(200);
    await settlesAt(7 * QUOTA_PER_UNIT);
    await eventually(async () => ((await topUpRows()).length > 0 ? true : undefined), 5_000, 'the top-up row was logged');
    expect(await topUpRows()).toEqual([expect.objectContaining({ quota: 7 * QUOTA_PER_UNIT, content: expect.stringContaining('使用 Stripe 充值成功') })]);
  });

  it('credits nothing for a forged or stale Stripe event', async () => {
    const before = await quota();
    const answer = (await (await erin.send('POST', '/api/user/stripe/pay', { amount: 2, payment_method: 'stripe' })).json()) as { data: { pay_link: string } };
    const session = stripe.sessions.find((s) => s.url === answer.data.pay_link);
    if (!session) throw new Error('no session');
    const good = stripe.complete(session.id);
    expect(await stripe.deliver({ ...good, signature: good.signature.replace(/v1=[0-9a-f]+/, 'v1=' + '0'.repeat(64)) })).toBe(400);
    expect(await stripe.deliver(stripe.complete(session.id, {}, Math.floor(Date.now() / 1000) - 600))).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await quota()).toBe(before);
  });

  it('credits a Creem checkout once though Creem delivers its webhook 20 times at once', async () => {
    const before = await quota();
    const answer = (await (await erin.send('POST', '/api/user/creem/pay', { product_id: 'prod_e2e', payment_method: 'creem' })).json()) as { message: string; data: { checkout_url: string } };
    expect(answer.message).toBe('success');
    const checkout = creem.checkouts.find((c) => c.checkout_url === answer.data.checkout_url);
    if (!checkout) throw new Error('no checkout behind the url');
    const delivery = creem.complete(checkout.id);
    expect(await Promise.all(Array.from({ length: 20 }, () => creem.deliver(delivery)))).toEqual(Array(20).fill(200));
    await settlesAt(before + 3_000_000);
  });
});
