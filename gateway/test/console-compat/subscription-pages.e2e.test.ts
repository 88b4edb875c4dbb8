import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatStatus } from '../support/clients/chat-status.js';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { type CreemMock, startCreemMock } from '../mock-upstream/services/creem-mock.js';
import { type StripeMock, startStripeMock } from '../mock-upstream/services/stripe-mock.js';
import { creemPayRead, epayPayRead, groupsRead, planListRead, payRefusedRead, pricingRead, selfRead, stripePayRead, subscriptionRead, topUpHistoryRead, topUpInfoRead } from './new-api-page-reads.js';

/**
 * Issue #41: new-api's console pages for plans, replayed call by call against a real embedded
 * Tollgate, each with the exact request new-api's page sends (web/src: SubscriptionPlansCard,
 * SubscriptionPurchaseModal, AddEditSubscriptionModal, useSubscriptionsData, UserSubscriptionsModal,
 * BindSubscriptionModal) and each answer checked against every field the page reads.
 */
const PROMPT = 4;
const COMPLETION = 6;
const CALL_COST = PROMPT + COMPLETION; // every ratio 1
const WINDOW = 100 * CALL_COST;
const QUOTA_PER_UNIT = 500_000;
const PRICE_USD = 2;
const WALLET = 3 * QUOTA_PER_UNIT;
const DAY = 86_400;
const STRIPE = { secretKey: 'sk_test_compat', webhookSecret: 'whsec_compat' };
const CREEM = { apiKey: 'creem_test_compat', webhookSecret: 'creem_whsec_compat' };

/** AddEditSubscriptionModal's submit: `{ plan: { ...form values, numbers cast } }`, every field of its form. */
const editorPayload = (changes: object = {}) => ({
  plan: {
    title: 'Daily hundred', subtitle: '', price_amount: PRICE_USD, currency: 'USD', duration_unit: 'day', duration_value: 30, custom_seconds: 0,
    quota_reset_period: 'daily', quota_reset_custom_seconds: 0, enabled: true, sort_order: 0, max_purchase_per_user: 0, total_amount: WINDOW,
    upgrade_group: '', stripe_price_id: 'price_daily', creem_product_id: 'prod_daily', ...changes,
  },
});

/** The envelope's `data` read with the page's schema; the call must have succeeded. */
async function read<S extends z.ZodType>(client: ConsoleClient, schema: S, method: string, path: string, body?: unknown): Promise<z.infer<S>> {
  const answer = await client.call(method, path, body);
  expect(answer, `${method} ${path}`).toMatchObject({ success: true });
  return schema.parse(answer.data);
}

describe("new-api's plans pages against Tollgate", () => {
  let fixture: EmbeddedFixture;
  let stripe: StripeMock;
  let creem: CreemMock;
  let amy: ConsoleClient;
  let amyId: number;
  let key: string;
  let planId: number;

  beforeAll(async () => {
    stripe = await startStripeMock({ ...STRIPE, prices: { price_daily: { unitAmount: 200, currency: 'usd' }, price_top_up: { unitAmount: 100, currency: 'usd' } } });
    creem = await startCreemMock({ ...CREEM, products: { prod_daily: { amount: 200, currency: 'USD' } } });
    fixture = await startEmbeddedFixture({ promptTokens: PROMPT, completionTokens: COMPLETION }, { STRIPE_API_URL: stripe.url, CREEM_API_URL: creem.url });
    stripe.webhookUrl = `${fixture.tollgate.url}/api/stripe/webhook`;
    await addMockChannel(fixture);
    const products = JSON.stringify([{ productId: 'prod_credits', name: 'credits', price: 1, currency: 'USD', quota: 1000 }]);
    const settings = {
      ServerAddress: fixture.tollgate.url, PayAddress: 'https://pay.example', EpayId: '1001', EpayKey: 'epay-key',
      StripeApiSecret: STRIPE.secretKey, StripeWebhookSecret: STRIPE.webhookSecret, StripePriceId: 'price_top_up',
      CreemApiKey: CREEM.apiKey, CreemWebhookSecret: CREEM.webhookSecret, CreemProducts: products,
    };
    for (const [k, value] of Object.entries(settings)) await fixture.root.must('PUT', '/api/option/', { key: k, value });
    ({ user: amy, key } = await userWithKey(fixture, 'amy', WALLET));
    amyId = amy.userId ?? 0;
  });

  afterAll(async () => {
    await fixture?.close();
    await stripe?.close();
    await creem?.close();
  });

  it("the admin's table and plan editor: the editor's lists, create, edit, disable and enable", async () => {
    const { root } = fixture;
    expect(await read(root, pricingRead, 'GET', '/api/pricing')).toContainEqual(expect.objectContaining({ model_name: 'mock-model' }));
    expect(await read(root, groupsRead, 'GET', '/api/group')).toContain('default');

    expect((await root.call('POST', '/api/subscription/admin/plans', editorPayload())).success).toBe(true);
    const [created] = await read(root, planListRead, 'GET', '/api/subscription/admin/plans');
    planId = created?.plan.id ?? 0;
    expect(created?.plan).toMatchObject(editorPayload().plan);

    expect((await root.call('PUT', `/api/subscription/admin/plans/${planId}`, editorPayload({ subtitle: 'for light use', sort_order: 2 }))).success).toBe(true);
    expect((await read(root, planListRead, 'GET', '/api/subscription/admin/plans'))[0]?.plan).toMatchObject({ id: planId, subtitle: 'for light use', sort_order: 2 });

    expect((await root.call('PATCH', `/api/subscription/admin/plans/${planId}`, { enabled: false })).success).toBe(true);
    expect(await read(amy, planListRead, 'GET', '/api/subscription/plans')).toEqual([]);
    expect((await root.call('PATCH', `/api/subscription/admin/plans/${planId}`, { enabled: true })).success).toBe(true);
  });

  it("the top-up page's plans card: payment switches, plans on sale, no subscription yet, the billing preference", async () => {
    const info = await read(amy, topUpInfoRead, 'GET', '/api/user/topup/info');
    expect(info).toMatchObject({ enable_online_topup: true, enable_stripe_topup: true, enable_creem_topup: true });
    expect(info.pay_methods.map((m) => m.type)).toEqual(['alipay', 'wxpay', 'stripe']);
    expect((await read(amy, planListRead, 'GET', '/api/subscription/plans')).map((p) => p.plan.id)).toEqual([planId]);
    expect(await read(amy, selfRead, 'GET', '/api/subscription/self')).toEqual({ billing_preference: 'subscription_first', subscriptions: [], all_subscriptions: [] });

    for (const preference of ['wallet_first', 'subscription_only', 'wallet_only', 'subscription_first']) {
      expect(await read(amy, z.object({ billing_preference: z.string() }), 'PUT', '/api/subscription/self/preference', { billing_preference: preference })).toEqual({ billing_preference: preference });
      expect((await read(amy, selfRead, 'GET', '/api/subscription/self')).billing_preference).toBe(preference);
    }
  });

  it('buying with the wallet: the card shows the whole window, then exactly one call less after a relayed call', async () => {
    expect((await amy.call('POST', '/api/subscription/balance/pay', { plan_id: planId })).success).toBe(true);
    const self = await read(amy, selfRead, 'GET', '/api/subscription/self');
    expect(self.subscriptions).toHaveLength(1);
    const bought = self.subscriptions[0]?.subscription;
    if (!bought) throw new Error('no subscription');
    expect(bought).toMatchObject({ user_id: amyId, plan_id: planId, status: 'active', amount_total: WINDOW, amount_used: 0, last_reset_time: 0, next_reset_time: bought.start_time + DAY });
    expect(bought.end_time).toBe(bought.start_time + 30 * DAY);
    await eventually(async () => ((await amy.must<{ quota: number }>('GET', '/api/user/self')).quota === WALLET - PRICE_USD * QUOTA_PER_UNIT ? true : undefined));

    expect(await chatStatus(fixture.tollgate.url, key, 20)).toBe(200);
    const used = await eventually(async () => {
      const sub = (await read(amy, selfRead, 'GET', '/api/subscription/self')).subscriptions[0]?.subscription;
      return sub?.amount_used ? sub : undefined;
    });
    expect(used).toMatchObject({ amount_total: WINDOW, amount_used: CALL_COST });
    expect((await amy.must<{ quota: number }>('GET', '/api/user/self')).quota).toBe(WALLET - PRICE_USD * QUOTA_PER_UNIT);
  });

  it("the purchase modal's provider buttons: Epay's form, Stripe's and Creem's links; a paid Stripe checkout lists a second subscription", async () => {
    const epay = epayPayRead.parse((await amy.call('POST', '/api/subscription/epay/pay', { plan_id: planId, payment_method: 'alipay' })));
    expect(epay.url).toBe('https://pay.example/submit.php');
    expect(epay.data).toMatchObject({ type: 'alipay', money: PRICE_USD.toFixed(2), notify_url: `${fixture.tollgate.url}/api/subscription/epay/notify` });

    const paid = stripePayRead.parse(await amy.call('POST', '/api/subscription/stripe/pay', { plan_id: planId }));
    const session = stripe.sessions.at(-1);
    expect(paid.data.pay_link).toBe(session?.url);
    expect(creemPayRead.parse(await amy.call('POST', '/api/subscription/creem/pay', { plan_id: planId })).data.checkout_url).toBe(creem.checkouts.at(-1)?.checkout_url);

    expect(await stripe.deliver(stripe.complete(session?.id ?? ''))).toBe(200);
    const all = await eventually(async () => {
      const subs = (await read(amy, selfRead, 'GET', '/api/subscription/self')).all_subscriptions;
      return subs.length === 2 ? subs : undefined;
    });
    expect(all.map((s) => s.subscription.source).sort()).toEqual(['order', 'wallet']);
    const history = await read(amy, topUpHistoryRead, 'GET', '/api/user/topup/self?p=1&page_size=10');
    expect(history.items.find((o) => o.trade_no === session?.client_reference_id)).toMatchObject({ payment_method: 'stripe', amount: 0, money: PRICE_USD, status: 'success' });
    expect(history.items.find((o) => o.trade_no === epay.data.out_trade_no)).toMatchObject({ payment_method: 'alipay', money: PRICE_USD, status: 'pending' });
  });

  it('a refused checkout answers in the shape the modal shows (its text in data)', async () => {
    const { root } = fixture;
    expect((await root.call('POST', '/api/subscription/admin/plans', editorPayload({ title: 'No Stripe', stripe_price_id: '', creem_product_id: '' }))).success).toBe(true);
    const bare = (await read(root, planListRead, 'GET', '/api/subscription/admin/plans')).find((p) => p.plan.title === 'No Stripe');
    expect(payRefusedRead.parse(await amy.call('POST', '/api/subscription/stripe/pay', { plan_id: bare?.plan.id })).data).toBe('该套餐未配置 StripePriceId');
    expect(payRefusedRead.parse(await amy.call('POST', '/api/subscription/epay/pay', { plan_id: bare?.plan.id, payment_method: 'usdt' })).data).toBe('支付方式不存在');
  });

  it("the users table's subscriptions modal and bind modal: list, add, bind, invalidate, delete", async () => {
    const { root } = fixture;
    const list = () => read(root, z.array(subscriptionRead), 'GET', `/api/subscription/admin/users/${amyId}/subscriptions`);
    expect(await list()).toHaveLength(2);
    expect((await root.call('POST', `/api/subscription/admin/users/${amyId}/subscriptions`, { plan_id: planId })).success).toBe(true);
    expect((await root.call('POST', '/api/subscription/admin/bind', { user_id: amyId, plan_id: planId })).success).toBe(true);
    const granted = (await list()).filter((s) => s.subscription.source === 'admin');
    expect(granted.map((s) => s.subscription.status)).toEqual(['active', 'active']);
    const [first, second] = granted.map((s) => s.subscription.id);

    expect((await root.call('POST', `/api/subscription/admin/user_subscriptions/${first}/invalidate`)).success).toBe(true);
    // The modal offers delete on an invalidated subscription too; new-api removes the row, Tollgate keeps it ended (docs/new-api.md).
    expect((await root.call('DELETE', `/api/subscription/admin/user_subscriptions/${first}`)).success).toBe(true);
    expect((await root.call('DELETE', `/api/subscription/admin/user_subscriptions/${second}`)).success).toBe(true);
    const after = await list();
    expect(after.filter((s) => s.subscription.status === 'cancelled').map((s) => s.subscription.id).sort()).toEqual([first, second].sort());
    expect((await read(amy, selfRead, 'GET', '/api/subscription/self')).subscriptions).toHaveLength(2);
  });
});
