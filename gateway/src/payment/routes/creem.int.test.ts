import { afterEach, describe, expect, it } from 'vitest';
import { buildApiHarness, signUp } from '../../../test/api-app.js';
import { type CreemMock, startCreemMock } from '../../../test/mock-upstream/services/creem-mock.js';
import { credited, listening, spyLog } from '../../../test/support/payments/webhook-harness.js';
import { TopUpStatus } from '../../ports/documents/top-up-store.js';

const API_KEY = 'creem_test_api_key';
const WEBHOOK_SECRET = 'creem_whsec_signing';
const PRODUCTS = [{ productId: 'prod_small', name: '10 USD credits', price: 4.99, currency: 'USD', quota: 2_500_000 }];

let creem: CreemMock | undefined;
afterEach(async () => {
  await creem?.close();
  creem = undefined;
});

async function creemHarness(options: Record<string, string> = {}, env: (url: string) => Record<string, string> = (url) => ({ CREEM_API_URL: url })) {
  creem = await startCreemMock({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, products: { prod_small: { amount: 499, currency: 'USD' } } });
  const harness = await buildApiHarness({ CreemApiKey: API_KEY, CreemWebhookSecret: WEBHOOK_SECRET, CreemProducts: JSON.stringify(PRODUCTS), ...options }, env(creem.url));
  const spy = spyLog();
  harness.deps.log = spy.log;
  creem.webhookUrl = `${await listening(harness.app)}/api/creem/webhook`;
  const amy = await signUp(harness.app, 'amy');
  return { ...harness, creem, amy, spy };
}

async function checkout(h: Awaited<ReturnType<typeof creemHarness>>) {
  const answer = await h.amy.call<{ checkout_url: string; order_id: string }>('POST', '/api/user/creem/pay', { product_id: 'prod_small', payment_method: 'creem' });
  expect(answer.body).toMatchObject({ success: true, message: 'success' });
  const made = h.creem.checkouts.at(-1);
  if (!made) throw new Error('no checkout');
  expect(answer.body.data).toEqual({ checkout_url: made.checkout_url, order_id: made.request_id });
  return made;
}

describe('Creem top-up', () => {
  it('CreemApiKey and CreemProducts: a checkout for the product (the key as x-api-key, our reference as request_id) and a pending order bound to it', async () => {
    const h = await creemHarness();
    const made = await checkout(h);
    expect(made).toMatchObject({ product: 'prod_small', metadata: { username: 'amy', reference_id: made.request_id, product_name: '10 USD credits', quota: '2500000' } });
    expect(await h.deps.topUps.byTradeNo(made.request_id)).toMatchObject({
      userId: h.amy.userId, amount: 5, money: 4.99, paymentMethod: 'creem', status: TopUpStatus.Pending, checkoutId: made.id, checkoutAmount: 499, checkoutCurrency: 'usd', quota: 2_500_000,
    });
  });

  it('credits the product\'s quota once though the signed event is delivered 20 times in parallel', async () => {
    const h = await creemHarness();
    const made = await checkout(h);
    const delivery = h.creem.complete(made.id);
    expect(await Promise.all(Array.from({ length: 20 }, () => h.creem.deliver(delivery)))).toEqual(Array(20).fill(200));
    expect(await h.creem.deliver(delivery)).toBe(200);
    expect(await credited(h, h.amy.userId)).toEqual({ quota: 2_500_000, events: 1 });
    expect(h.ledger.ofType('QuotaGranted')[0]?.data.content).toBe(`使用 Creem 充值成功，充值金额: ＄5.000000 额度，支付金额：4.99 USD，订单号：${made.request_id}`);
    expect((await h.deps.topUps.byTradeNo(made.request_id))?.status).toBe(TopUpStatus.Success);
  });

  it('CreemWebhookSecret: refuses a forged or tampered event (401) and one for another amount, currency or checkout (400), each a warn line without the secret', async () => {
    const h = await creemHarness();
    const made = await checkout(h);
    const good = h.creem.complete(made.id);
    expect(await h.creem.deliver({ ...good, signature: 'ab'.repeat(32) })).toBe(401);
    expect(await h.creem.deliver({ ...good, body: good.body.replace('"amount":499', '"amount":49900') })).toBe(401);
    expect(await h.creem.deliver(h.creem.complete(made.id, { amount: 1 }))).toBe(400);
    expect(await h.creem.deliver(h.creem.complete(made.id, { currency: 'EUR' }))).toBe(400);
    expect(await h.creem.deliver(h.creem.complete(made.id, { status: 'pending' }))).toBe(200);
    expect(await credited(h, h.amy.userId)).toEqual({ quota: 0, events: 0 });
    expect(h.spy.warns().map(([fields]) => (fields as { reason: string }).reason)).toEqual(['bad signature', 'bad signature', 'amount 1 is not the order\'s 499', 'currency EUR is not the order\'s usd']);
    expect(JSON.stringify(h.spy.warns())).not.toContain(WEBHOOK_SECRET);
    expect(await h.creem.deliver(good)).toBe(200);
    expect(await credited(h, h.amy.userId)).toEqual({ quota: 2_500_000, events: 1 });
  });

  it('CreemTestMode: checkouts go to Creem\'s test API; and refuses unknown products and methods as new-api does', async () => {
    const h = await creemHarness({ CreemTestMode: 'true' }, (url) => ({ CREEM_API_URL: 'http://127.0.0.1:9', CREEM_TEST_API_URL: url }));
    await checkout(h);
    const pay = async (body: object) => (await h.amy.call('POST', '/api/user/creem/pay', body)).body;
    expect(await pay({ product_id: 'prod_other', payment_method: 'creem' })).toEqual({ success: false, message: 'error', data: '产品不存在' });
    expect(await pay({ product_id: '', payment_method: 'creem' })).toEqual({ success: false, message: 'error', data: '请选择产品' });
    expect(await pay({ product_id: 'prod_small', payment_method: 'stripe' })).toEqual({ success: false, message: 'error', data: '不支持的支付渠道' });
    expect(await pay({ product_id: 7 })).toEqual({ success: false, message: 'error', data: '参数错误' });
  });
});
