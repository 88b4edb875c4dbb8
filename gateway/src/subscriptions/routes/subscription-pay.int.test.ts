import { afterEach, describe, expect, it } from 'vitest';
import { buildApiHarness, login, ROOT_PASSWORD, signUp } from '../../../test/api-app.js';
import { type CreemMock, startCreemMock } from '../../../test/mock-upstream/services/creem-mock.js';
import { type StripeMock, startStripeMock } from '../../../test/mock-upstream/services/stripe-mock.js';
import { listening, spyLog } from '../../../test/support/payments/webhook-harness.js';
import { settlePaidOrder } from '../../payment/credit-order.js';
import { epaySign } from '../../payment/epay.js';
import { TopUpStatus } from '../../ports/documents/top-up-store.js';

/**
 * Buying a plan through Epay, Stripe and Creem (issue #41), on new-api's routes: a pending order
 * names the plan, and the provider's signed notice starts one subscription however often it comes.
 */
const STRIPE = { secretKey: 'sk_test_plan_0123456789', webhookSecret: 'whsec_plan_secret' };
const CREEM = { apiKey: 'creem_test_plan_key', webhookSecret: 'creem_whsec_plan' };
const EPAY = { PayAddress: 'https://pay.example/', EpayId: '1001', EpayKey: 'merchant-key-plan' };
const PLAN = { title: 'Pro', price_amount: 9.99, currency: 'USD', duration_unit: 'month', duration_value: 1, total_amount: 5_000, quota_reset_period: 'daily', stripe_price_id: 'price_plan', creem_product_id: 'prod_plan' };

let mocks: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(mocks.map((m) => m.close()));
  mocks = [];
});

async function planHarness(plan: object = {}) {
  const stripe: StripeMock = await startStripeMock({ ...STRIPE, prices: { price_plan: { unitAmount: 999, currency: 'usd' } } });
  const creem: CreemMock = await startCreemMock({ ...CREEM, products: { prod_plan: { amount: 999, currency: 'USD' } } });
  mocks.push(stripe, creem);
  const creemProducts = JSON.stringify([{ productId: 'prod_top_up', name: 'credits', price: 1, currency: 'USD', quota: 1 }]);
  const harness = await buildApiHarness(
    { ServerAddress: 'https://gw.example', StripeApiSecret: STRIPE.secretKey, StripeWebhookSecret: STRIPE.webhookSecret, StripePriceId: 'price_top_up', CreemApiKey: CREEM.apiKey, CreemWebhookSecret: CREEM.webhookSecret, CreemProducts: creemProducts, ...EPAY },
    { STRIPE_API_URL: stripe.url, CREEM_API_URL: creem.url },
  );
  const spy = spyLog();
  harness.deps.log = spy.log;
  const url = await listening(harness.app);
  stripe.webhookUrl = `${url}/api/stripe/webhook`;
  creem.webhookUrl = `${url}/api/creem/webhook`;
  const root = await login(harness.app, 'root', ROOT_PASSWORD);
  const planId = (await root.call<{ id: number }>('POST', '/api/subscription/admin/plans', { plan: { ...PLAN, ...plan } })).body.data.id;
  const amy = await signUp(harness.app, 'amy');
  /** Amy's subscriptions, the distinct SubscriptionPurchased events (the ledger applies each id once) and her wallet. */
  const bought = async () => {
    await new Promise((resolve) => setTimeout(resolve, 20)); // the fake ledger applies appends on a later tick
    const events = harness.ledger.ofType('SubscriptionPurchased').filter((e) => e.data.userId === amy.userId);
    const [balance] = await harness.ledger.balances.users([amy.userId]);
    return { subscriptions: await harness.deps.subscriptions.listByUser(amy.userId), events: [...new Map(events.map((e) => [e.metadata.eventId, e])).values()], wallet: balance?.quota ?? 0 };
  };
  return { ...harness, stripe, creem, spy, url, planId, amy, bought };
}
type Harness = Awaited<ReturnType<typeof planHarness>>;

const reasons = (h: Harness) => h.spy.warns().map(([fields]) => (fields as { reason: string }).reason);

describe('buying a plan through a payment provider', () => {
  it('Stripe: one Checkout Session of the plan\'s Price, a pending order naming the plan; the paid event delivered 20 times in parallel starts one subscription, the wallet untouched', async () => {
    const h = await planHarness();
    const answer = await h.amy.call<{ pay_link: string }>('POST', '/api/subscription/stripe/pay', { plan_id: h.planId });
    const session = h.stripe.sessions.at(-1);
    expect(answer.body).toEqual({ success: true, message: 'success', data: { pay_link: session?.url } });
    expect(Object.fromEntries(h.stripe.requests[0] ?? [])).toMatchObject({ 'line_items[0][price]': 'price_plan', 'line_items[0][quantity]': '1' });
    const tradeNo = session?.client_reference_id ?? '';
    expect(await h.deps.topUps.byTradeNo(tradeNo)).toMatchObject({ userId: h.amy.userId, amount: 0, money: 9.99, planId: h.planId, status: TopUpStatus.Pending, checkoutAmount: 999, checkoutCurrency: 'usd' });

    const delivery = h.stripe.complete(session?.id ?? '');
    expect(await Promise.all(Array.from({ length: 20 }, () => h.stripe.deliver(delivery)))).toEqual(Array(20).fill(200));
    expect(await h.stripe.deliver(delivery)).toBe(200);
    const { subscriptions, events, wallet } = await h.bought();
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ user_id: h.amy.userId, plan_id: h.planId, source: 'order', status: 'active' });
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ subscriptionId: subscriptions[0]?.id, planId: h.planId, price: 0, content: `使用 Stripe 购买订阅套餐 Pro，支付金额：9.99 USD，订单号：${tradeNo}` });
    expect(wallet).toBe(0);
    expect((await h.deps.topUps.byTradeNo(tradeNo))?.status).toBe(TopUpStatus.Success);
  });

  it('20 deliveries that all read the order while it was pending still start one subscription and one event', async () => {
    const h = await planHarness();
    await h.amy.call('POST', '/api/subscription/stripe/pay', { plan_id: h.planId });
    const order = await h.deps.topUps.byTradeNo(h.stripe.sessions.at(-1)?.client_reference_id ?? '');
    if (!order) throw new Error('no order');
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => settlePaidOrder(h.deps, order, { provider: 'Stripe', paid: '9.99 USD', topUpContent: '' })));
    expect(outcomes).toEqual(Array(20).fill('started'));
    const { subscriptions, events } = await h.bought();
    expect([subscriptions.length, events.length]).toEqual([1, 1]);
    expect((await h.deps.topUps.byTradeNo(order.tradeNo))?.status).toBe(TopUpStatus.Success);
  });

  it('Stripe: a forged signature, a stale timestamp and a tampered body start nothing, each logged; the genuine one then starts it', async () => {
    const h = await planHarness();
    await h.amy.call('POST', '/api/subscription/stripe/pay', { plan_id: h.planId });
    const session = h.stripe.sessions.at(-1);
    const good = h.stripe.complete(session?.id ?? '');
    const forged = { ...good, signature: good.signature.replace(/v1=[0-9a-f]+/, `v1=${'cd'.repeat(32)}`) };
    const stale = h.stripe.complete(session?.id ?? '', {}, Math.floor(Date.now() / 1000) - 301);
    const tampered = { ...good, body: good.body.replace('"amount_total":999', '"amount_total":1') };
    expect(tampered.body).not.toBe(good.body);
    for (const delivery of [forged, stale, tampered]) expect(await h.stripe.deliver(delivery)).toBe(400);
    expect(await h.bought()).toMatchObject({ subscriptions: [], events: [] });
    expect(reasons(h)).toEqual(['bad signature', 'stale timestamp', 'bad signature']);
    expect(JSON.stringify(h.spy.warns())).not.toContain(STRIPE.webhookSecret);
    expect(await h.stripe.deliver(good)).toBe(200);
    expect((await h.bought()).subscriptions).toHaveLength(1);
  });

  it('Creem: a checkout of the plan\'s product; the signed event 20 times in parallel starts one subscription; a forged one nothing, logged', async () => {
    const h = await planHarness();
    const answer = await h.amy.call<{ checkout_url: string; order_id: string }>('POST', '/api/subscription/creem/pay', { plan_id: h.planId });
    const made = h.creem.checkouts.at(-1);
    expect(answer.body.data).toEqual({ checkout_url: made?.checkout_url, order_id: made?.request_id });
    const good = h.creem.complete(made?.id ?? '');
    expect(await h.creem.deliver({ ...good, signature: 'ef'.repeat(32) })).toBe(401);
    expect(await h.creem.deliver(h.creem.complete(made?.id ?? '', { amount: 1 }))).toBe(400);
    expect(await h.bought()).toMatchObject({ subscriptions: [], events: [] });
    expect(reasons(h)).toEqual(['bad signature', 'amount 1 is not the order\'s 999']);
    expect(await Promise.all(Array.from({ length: 20 }, () => h.creem.deliver(good)))).toEqual(Array(20).fill(200));
    const { subscriptions, events } = await h.bought();
    expect([subscriptions.length, events.length]).toEqual([1, 1]);
    expect(events[0]?.data.content).toBe(`使用 Creem 购买订阅套餐 Pro，支付金额：9.99 USD，订单号：${made?.request_id}`);
  });

  it('Epay: the signed form for the plan\'s price; its notice 20 times in parallel starts one subscription; a forged or short-paid one nothing, logged', async () => {
    const h = await planHarness();
    const answer = await h.amy.call<Record<string, string>>('POST', '/api/subscription/epay/pay', { plan_id: h.planId, payment_method: 'alipay' });
    const form = answer.body.data;
    expect(answer.body).toMatchObject({ success: true, message: 'success', url: 'https://pay.example/submit.php' });
    expect(form).toMatchObject({ money: '9.99', name: 'SUB:Pro', type: 'alipay', notify_url: 'https://gw.example/api/subscription/epay/notify' });
    const notice = (fields: Record<string, string>) => {
      const params = { pid: EPAY.EpayId, trade_no: 'epay-1', out_trade_no: form.out_trade_no ?? '', type: 'alipay', name: 'SUB:Pro', money: '9.99', trade_status: 'TRADE_SUCCESS', ...fields };
      return { ...params, sign: epaySign(params, EPAY.EpayKey), sign_type: 'MD5' };
    };
    const post = async (params: Record<string, string>) => (await fetch(`${h.url}/api/subscription/epay/notify`, { method: 'POST', body: new URLSearchParams(params) })).text();
    expect(await post({ ...notice({}), sign: 'ab'.repeat(16) })).toBe('fail');
    expect(await post(notice({ money: '0.01' }))).toBe('fail');
    expect(await h.bought()).toMatchObject({ subscriptions: [], events: [] });
    expect(reasons(h)).toEqual(['bad signature', 'money 0.01 is not the order\'s 9.99']);
    expect(await Promise.all(Array.from({ length: 20 }, () => post(notice({}))))).toEqual(Array(20).fill('success'));
    const { subscriptions, events } = await h.bought();
    expect([subscriptions.length, events.length]).toEqual([1, 1]);
  });

  it('refuses a plan that is unknown or at its max_purchase_per_user before any checkout, as new-api does', async () => {
    const h = await planHarness({ max_purchase_per_user: 1 });
    await h.deps.subscriptions.create({ user_id: h.amy.userId, plan_id: h.planId, start_time: 0, end_time: 1, source: 'admin', windows: [], model_limits: '', group_limits: '' }, 0);
    const pay = async (path: string, body: object) => (await h.amy.call('POST', `/api/subscription/${path}/pay`, body)).body;
    expect(await pay('stripe', { plan_id: h.planId })).toEqual({ success: false, message: '已达到该套餐购买上限' });
    expect(await pay('creem', { plan_id: h.planId + 99 })).toEqual({ success: false, message: '套餐不存在' });
    expect(await pay('epay', { plan_id: 'x', payment_method: 'alipay' })).toMatchObject({ success: false });
    expect(h.stripe.requests).toHaveLength(0);
    expect(h.creem.checkouts).toHaveLength(0);
  });
});
