import { afterEach, describe, expect, it } from 'vitest';
import { buildApiHarness, ROOT_PASSWORD, login, signUp } from '../../../test/api-app.js';
import { type StripeMock, startStripeMock } from '../../../test/mock-upstream/services/stripe-mock.js';
import { credited, listening, spyLog } from '../../../test/support/payments/webhook-harness.js';
import { TopUpStatus } from '../../ports/documents/top-up-store.js';

const SECRET_KEY = 'sk_test_tollgate_0123456789';
const WEBHOOK_SECRET = 'whsec_tollgate_signing_secret';
const PRICE = 'price_credits';
const QUOTA_PER_UNIT = 500_000;

let stripe: StripeMock | undefined;
afterEach(async () => {
  await stripe?.close();
  stripe = undefined;
});

/** The API with Stripe configured against the mock, served on loopback so the mock can post its webhook. */
async function stripeHarness(options: Record<string, string> = {}) {
  stripe = await startStripeMock({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: { [PRICE]: { unitAmount: 100, currency: 'usd' } } });
  const harness = await buildApiHarness(
    { ServerAddress: 'https://gw.example', StripeApiSecret: SECRET_KEY, StripeWebhookSecret: WEBHOOK_SECRET, StripePriceId: PRICE, StripeUnitPrice: '1.0', ...options },
    { STRIPE_API_URL: stripe.url },
  );
  const spy = spyLog();
  harness.deps.log = spy.log;
  stripe.webhookUrl = `${await listening(harness.app)}/api/stripe/webhook`;
  const amy = await signUp(harness.app, 'amy');
  return { ...harness, stripe, amy, spy };
}

/** Amy checks out `amount` units; the session the mock created. */
async function checkout(h: Awaited<ReturnType<typeof stripeHarness>>, amount: number) {
  const answer = await h.amy.call<{ pay_link: string }>('POST', '/api/user/stripe/pay', { amount, payment_method: 'stripe' });
  expect(answer.body).toMatchObject({ success: true, message: 'success' });
  const session = h.stripe.sessions.at(-1);
  if (!session) throw new Error('no session');
  expect(answer.body.data.pay_link).toBe(session.url);
  return session;
}

describe('Stripe top-up', () => {
  it('StripeApiSecret, StripePriceId and StripePromotionCodesEnabled: a Checkout Session for `amount` units of the Price (form-encoded, the key as Bearer) and a pending order bound to it', async () => {
    const h = await stripeHarness({ StripePromotionCodesEnabled: 'true' });
    const session = await checkout(h, 12);
    const form = h.stripe.requests[0];
    expect(Object.fromEntries(form ?? [])).toMatchObject({
      mode: 'payment', 'line_items[0][price]': PRICE, 'line_items[0][quantity]': '12', allow_promotion_codes: 'true',
      success_url: 'https://gw.example/log', cancel_url: 'https://gw.example/topup', client_reference_id: session.client_reference_id,
    });
    expect(session.client_reference_id).toMatch(/^ref_[0-9a-f]{40}$/);
    const order = await h.deps.topUps.byTradeNo(session.client_reference_id ?? '');
    expect(order).toMatchObject({ userId: h.amy.userId, amount: 12, money: 12, paymentMethod: 'stripe', status: TopUpStatus.Pending, checkoutId: session.id, checkoutAmount: 1200, checkoutCurrency: 'usd', quota: 12 * QUOTA_PER_UNIT });
  });

  it('credits a signed checkout.session.completed once, as a top-up event naming its cause, and marks the order paid', async () => {
    const h = await stripeHarness();
    const session = await checkout(h, 3);
    expect(await h.stripe.deliver(h.stripe.complete(session.id))).toBe(200);
    expect(await credited(h, h.amy.userId)).toEqual({ quota: 3 * QUOTA_PER_UNIT, events: 1 });
    const [grant] = h.ledger.ofType('QuotaGranted');
    expect(grant?.data).toMatchObject({ userId: h.amy.userId, amount: 3 * QUOTA_PER_UNIT, logType: 1, source: 'payment' });
    expect(grant?.data.content).toBe(`使用 Stripe 充值成功，充值金额: ＄3.000000 额度，支付金额：3.00 USD，订单号：${session.client_reference_id}`);
    expect(grant?.metadata.eventId).toBe(`top-up-${session.client_reference_id}`);
    expect((await h.deps.topUps.byTradeNo(session.client_reference_id ?? ''))?.status).toBe(TopUpStatus.Success);
    // The user's history shows the order with the quota it credited.
    const history = await h.amy.call<{ items: { trade_no: string; quota: number; status: string }[] }>('GET', '/api/user/topup/self');
    expect(history.body.data.items[0]).toMatchObject({ trade_no: session.client_reference_id, quota: 3 * QUOTA_PER_UNIT, status: 'success' });
  });

  it('credits once when the same event is delivered 20 times in parallel, and again later', async () => {
    const h = await stripeHarness();
    const session = await checkout(h, 5);
    const delivery = h.stripe.complete(session.id);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => h.stripe.deliver(delivery)));
    expect(statuses).toEqual(Array(20).fill(200));
    expect(await h.stripe.deliver(delivery)).toBe(200);
    expect(await credited(h, h.amy.userId)).toEqual({ quota: 5 * QUOTA_PER_UNIT, events: 1 });
  });

  it('StripeWebhookSecret: a forged signature, a stale timestamp and a tampered body credit nothing, each a warn line without the secret', async () => {
    const h = await stripeHarness();
    const session = await checkout(h, 4);
    const good = h.stripe.complete(session.id);
    const forged = { ...good, signature: good.signature.replace(/v1=[0-9a-f]+/, `v1=${'ab'.repeat(32)}`) };
    const stale = h.stripe.complete(session.id, {}, Math.floor(Date.now() / 1000) - 301);
    const tampered = { ...good, body: good.body.replace('"amount_total":400', '"amount_total":40000') };
    expect(tampered.body).not.toBe(good.body);
    for (const delivery of [forged, stale, tampered]) expect(await h.stripe.deliver(delivery)).toBe(400);
    expect(await credited(h, h.amy.userId)).toEqual({ quota: 0, events: 0 });
    expect((await h.deps.topUps.byTradeNo(session.client_reference_id ?? ''))?.status).toBe(TopUpStatus.Pending);
    expect(h.spy.warns().map(([fields, message]) => [message, (fields as { reason: string }).reason])).toEqual([
      ['Stripe webhook refused', 'bad signature'], ['Stripe webhook refused', 'stale timestamp'], ['Stripe webhook refused', 'bad signature'],
    ]);
    expect(JSON.stringify(h.spy.warns())).not.toContain(WEBHOOK_SECRET);
    // The genuine delivery still credits.
    expect(await h.stripe.deliver(good)).toBe(200);
    expect(await credited(h, h.amy.userId)).toEqual({ quota: 4 * QUOTA_PER_UNIT, events: 1 });
  });

  it('refuses a signed event whose amount, currency or session is not the order\'s, and waits for an unpaid one', async () => {
    const h = await stripeHarness();
    const session = await checkout(h, 2);
    expect(await h.stripe.deliver(h.stripe.complete(session.id, { amount_subtotal: 100, amount_total: 100 }))).toBe(400);
    expect(await h.stripe.deliver(h.stripe.complete(session.id, { currency: 'eur' }))).toBe(400);
    expect(await h.stripe.deliver(h.stripe.complete(session.id, { id: 'cs_test_someone_else' }))).toBe(400);
    expect(await h.stripe.deliver(h.stripe.complete(session.id, { client_reference_id: 'ref_unknown' }))).toBe(400);
    expect(await h.stripe.deliver(h.stripe.complete(session.id, { payment_status: 'unpaid' }))).toBe(200);
    expect(await credited(h, h.amy.userId)).toEqual({ quota: 0, events: 0 });
    expect(h.spy.warns().map(([fields]) => (fields as { reason: string }).reason)).toEqual([
      'amount 100 is not the order\'s 200', 'currency eur is not the order\'s usd', 'the checkout is not the order\'s', 'no such order',
    ]);
  });

  it('expires the order of a session that lapsed unpaid, and credits nothing', async () => {
    const h = await stripeHarness();
    const session = await checkout(h, 2);
    expect(await h.stripe.deliver(h.stripe.expire(session.id))).toBe(200);
    expect((await h.deps.topUps.byTradeNo(session.client_reference_id ?? ''))?.status).toBe(TopUpStatus.Expired);
    expect(await credited(h, h.amy.userId)).toEqual({ quota: 0, events: 0 });
    // A paid event for it (Stripe sends none) is refused: an expired order could never be marked paid, so every copy would credit.
    expect(await h.stripe.deliver(h.stripe.complete(session.id))).toBe(400);
    expect(await credited(h, h.amy.userId)).toEqual({ quota: 0, events: 0 });
    expect(h.spy.warns().map(([fields]) => (fields as { reason: string }).reason)).toEqual(['the order is expired']);
  });

  it('StripeUnitPrice and StripeMinTopUp: the quote is amount x StripeUnitPrice x the group top-up ratio, at or above the minimum; the rest refused as new-api does', async () => {
    const h = await stripeHarness({ StripeUnitPrice: '7.5', StripeMinTopUp: '2', TopupGroupRatio: '{"default":0.8}' });
    expect((await h.amy.call('POST', '/api/user/stripe/amount', { amount: 10 })).body).toEqual({ success: true, message: 'success', data: '60.00' });
    expect((await h.amy.call('POST', '/api/user/stripe/amount', { amount: 1 })).body).toEqual({ success: false, message: 'error', data: '充值数量不能小于 2' });
    expect((await h.amy.call('POST', '/api/user/stripe/pay', { amount: 5, payment_method: 'alipay' })).body).toEqual({ success: false, message: 'error', data: '不支持的支付渠道' });
    expect((await h.amy.call('POST', '/api/user/stripe/pay', { amount: 10_001, payment_method: 'stripe' })).body).toEqual({ success: false, message: 'error', data: '充值数量不能大于 10000' });
    expect((await h.amy.call('POST', '/api/user/stripe/pay', { amount: 'x', payment_method: 'stripe' })).body).toEqual({ success: false, message: 'error', data: '参数错误' });
    expect(h.stripe.requests).toHaveLength(0);
  });

  it('says so when Stripe is not set up or refuses the key, recording no order and never echoing the key', async () => {
    const h = await stripeHarness({ StripeApiSecret: 'sk_test_wrong_key' });
    expect((await h.amy.call('POST', '/api/user/stripe/pay', { amount: 3, payment_method: 'stripe' })).body).toEqual({ success: false, message: 'error', data: '拉起支付失败' });
    expect(JSON.stringify(h.spy.errors())).not.toContain('sk_test_wrong_key');
    const root = await login(h.app, 'root', ROOT_PASSWORD);
    await root.call('PUT', '/api/option/', { key: 'StripePriceId', value: '' });
    expect((await h.amy.call('POST', '/api/user/stripe/pay', { amount: 3, payment_method: 'stripe' })).body).toEqual({ success: false, message: 'error', data: '当前管理员未配置支付信息' });
    expect((await h.deps.topUps.list({ userId: h.amy.userId }, { offset: 0, limit: 10 })).total).toBe(0);
  });

  it('takes the webhook as JSON only, and refuses every event while no webhook secret is set', async () => {
    const h = await stripeHarness();
    const session = await checkout(h, 1);
    const delivery = h.stripe.complete(session.id);
    const asText = await fetch(h.stripe.webhookUrl, { method: 'POST', headers: { 'content-type': 'text/plain', 'stripe-signature': delivery.signature }, body: delivery.body });
    expect(asText.status).toBe(415);
    const root = await login(h.app, 'root', ROOT_PASSWORD);
    await root.call('PUT', '/api/option/', { key: 'StripeWebhookSecret', value: '' });
    expect(await h.stripe.deliver(delivery)).toBe(400);
    expect(await credited(h, h.amy.userId)).toEqual({ quota: 0, events: 0 });
  });
});
