import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';
import { epayPayRead, optionsRead, payRefusedRead, topUpInfoRead } from './new-api-page-reads.js';

/**
 * Issue #41: new-api's payment settings pages (web/src/pages/Setting/Payment: SettingsGeneralPayment,
 * SettingsPaymentGateway for Epay, SettingsPaymentGatewayStripe, SettingsPaymentGatewayCreem) save
 * their options with PUT /api/option/ one key at a time, as here; each must be accepted, and each
 * must change what the top-up and plans pages then offer or charge.
 */
const PRICE = 7.3;
const STRIPE_UNIT_PRICE = 8;
const PAY_METHODS = [
  { name: '支付宝', color: 'rgba(var(--semi-blue-5), 1)', type: 'alipay' },
  { name: 'USDT', color: 'green', type: 'usdt', min_topup: '10' },
];
const AMOUNT_OPTIONS = [10, 20, 50, 100];
const DISCOUNT = { '100': 0.9 };

describe("new-api's payment settings pages against Tollgate", () => {
  let fixture: EmbeddedFixture;
  let amy: ConsoleClient;
  /** One PUT /api/option/ as the pages send it: `{ key, value }`, the value a string. */
  const save = (key: string, value: string) => fixture.root.call('PUT', '/api/option/', { key, value });
  const saved = async () => new Map(optionsRead.parse((await fixture.root.call('GET', '/api/option/')).data).map((o) => [o.key, o.value]));
  const info = async () => topUpInfoRead.parse((await amy.call('GET', '/api/user/topup/info')).data);

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    amy = await userWithQuota(fixture, 'amy', 0);
  });

  afterAll(async () => {
    await fixture?.close();
  });

  it("the general and Epay pages' saves are all accepted, PayMethods then is the top-up page's Epay buttons and the only methods sent to Epay", async () => {
    expect(await save('ServerAddress', fixture.tollgate.url)).toMatchObject({ success: true });
    const epayPage: [string, string][] = [
      ['PayAddress', 'https://pay.example'], ['EpayId', '1001'], ['EpayKey', 'epay-key'], ['Price', String(PRICE)], ['MinTopUp', '1'],
      ['CustomCallbackAddress', 'https://callback.example'], ['TopupGroupRatio', '{"default":1}'], ['PayMethods', JSON.stringify(PAY_METHODS)],
      ['payment_setting.amount_options', JSON.stringify(AMOUNT_OPTIONS)], ['payment_setting.amount_discount', JSON.stringify(DISCOUNT)],
    ];
    for (const [key, value] of epayPage) expect({ key, answer: await save(key, value) }).toMatchObject({ key, answer: { success: true } });
    const options = await saved();
    expect(options.get('PayMethods')).toBe(JSON.stringify(PAY_METHODS));
    expect(options.has('EpayKey')).toBe(false);

    const shown = await info();
    expect(shown.enable_online_topup).toBe(true);
    expect(shown.pay_methods).toEqual(PAY_METHODS);
    const form = epayPayRead.parse(await amy.call('POST', '/api/user/pay', { amount: 10, payment_method: 'usdt' }));
    expect(form.data).toMatchObject({ type: 'usdt', notify_url: 'https://callback.example/api/user/epay/notify' });
    expect(payRefusedRead.parse(await amy.call('POST', '/api/user/pay', { amount: 10, payment_method: 'wxpay' })).data).toBe('支付方式不存在');
  });

  it('payment_setting.amount_options and payment_setting.amount_discount: the amount buttons, and a discounted amount priced at its factor in the quote and the Epay order', async () => {
    const shown = await info();
    expect(shown.amount_options).toEqual(AMOUNT_OPTIONS);
    expect(shown.discount).toEqual(DISCOUNT);
    const quote = async (path: string, amount: number) => (await amy.call<string>('POST', path, { amount })).data;
    expect(await quote('/api/user/amount', 100)).toBe((100 * PRICE * DISCOUNT['100']).toFixed(2));
    expect(await quote('/api/user/amount', 50)).toBe((50 * PRICE).toFixed(2));
    const form = epayPayRead.parse(await amy.call('POST', '/api/user/pay', { amount: 100, payment_method: 'alipay' }));
    expect(form.data.money).toBe((100 * PRICE * DISCOUNT['100']).toFixed(2));

    // The page saves a cleared field as '': no buttons, no discount.
    for (const key of ['payment_setting.amount_options', 'payment_setting.amount_discount']) expect(await save(key, '')).toMatchObject({ success: true });
    expect(await info()).toMatchObject({ amount_options: [], discount: {} });
    expect(await quote('/api/user/amount', 100)).toBe((100 * PRICE).toFixed(2));
    expect(await save('payment_setting.amount_discount', '{"100": 0}')).toMatchObject({ success: false });
    expect(await save('PayMethods', '[{"name":"no type"}]')).toMatchObject({ success: false });
    // No method left to pay with: Epay is not offered at all, as new-api.
    expect(await save('PayMethods', '[]')).toMatchObject({ success: true });
    expect(await info()).toMatchObject({ enable_online_topup: false, pay_methods: [] });
    expect(await save('PayMethods', JSON.stringify(PAY_METHODS))).toMatchObject({ success: true });
  });

  it("the Stripe and Creem pages' saves are all accepted and turn their top-ups on, secrets never read back", async () => {
    const stripePage: [string, string][] = [
      ['StripeApiSecret', 'sk_test_x'], ['StripeWebhookSecret', 'whsec_x'], ['StripePriceId', 'price_x'], ['StripeUnitPrice', String(STRIPE_UNIT_PRICE)],
      ['StripeMinTopUp', '5'], ['StripePromotionCodesEnabled', 'true'],
    ];
    const products = [{ name: '基础套餐', productId: 'prod_6I8rBerHpPxyoiU9WK4kot', price: 4.99, quota: 100000, currency: 'USD' }];
    const creemPage: [string, string][] = [['CreemApiKey', 'creem_x'], ['CreemWebhookSecret', 'creem_whsec_x'], ['CreemTestMode', 'false'], ['CreemProducts', JSON.stringify(products)]];
    for (const [key, value] of [...stripePage, ...creemPage]) expect({ key, answer: await save(key, value) }).toMatchObject({ key, answer: { success: true } });

    const shown = await info();
    expect(shown).toMatchObject({ enable_stripe_topup: true, enable_creem_topup: true, stripe_min_topup: 5 });
    expect(JSON.parse(shown.creem_products)).toEqual(products);
    expect(shown.pay_methods.map((m) => m.type)).toEqual(['alipay', 'usdt', 'stripe']);
    expect((await amy.call<string>('POST', '/api/user/stripe/amount', { amount: 10 })).data).toBe((10 * STRIPE_UNIT_PRICE).toFixed(2));

    const options = await saved();
    expect(options.get('StripePromotionCodesEnabled')).toBe('true');
    expect(['StripeApiSecret', 'StripeWebhookSecret', 'CreemApiKey', 'CreemWebhookSecret'].filter((key) => options.has(key))).toEqual([]);
  });

  it('payment_setting.compliance_confirmed, payment_setting.compliance_terms_version, payment_setting.compliance_confirmed_at, payment_setting.compliance_confirmed_by and payment_setting.compliance_confirmed_ip: the confirmation the payment page asks for is recorded once confirmed, and only by it', async () => {
    const before = await saved();
    expect([before.get('payment_setting.compliance_confirmed'), before.get('payment_setting.compliance_terms_version')]).toEqual(['false', '']);
    expect(await fixture.root.call('POST', '/api/option/payment_compliance', { confirmed: false })).toMatchObject({ success: false, message: '请确认合规声明' });
    expect(await save('payment_setting.compliance_confirmed', 'true')).toMatchObject({ success: false });
    expect((await saved()).get('payment_setting.compliance_confirmed')).toBe('false');

    // An access token may do what root's session does elsewhere, but not confirm: new-api asks a person at the console.
    const token = await fixture.root.must<string>('GET', '/api/user/token');
    const scripted = await fetch(`${fixture.tollgate.url}/api/option/payment_compliance`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'new-api-user': String(fixture.root.userId), 'content-type': 'application/json' }, body: JSON.stringify({ confirmed: true }),
    });
    expect([scripted.status, ((await scripted.json()) as { success: boolean }).success]).toEqual([403, false]);
    const byToken = await fetch(`${fixture.tollgate.url}/api/option/`, { headers: { authorization: `Bearer ${token}`, 'new-api-user': String(fixture.root.userId) } });
    expect(((await byToken.json()) as { success: boolean }).success).toBe(true);
    expect((await saved()).get('payment_setting.compliance_confirmed')).toBe('false');

    const from = Math.floor(Date.now() / 1000);
    const answer = await fixture.root.call<{ confirmed_at: number }>('POST', '/api/option/payment_compliance', { confirmed: true });
    const to = Math.floor(Date.now() / 1000);
    expect(answer).toMatchObject({ success: true, data: { confirmed: true, terms_version: 'v1', confirmed_by: fixture.root.userId } });
    expect(answer.data.confirmed_at).toBeGreaterThanOrEqual(from);
    expect(answer.data.confirmed_at).toBeLessThanOrEqual(to);
    const after = await saved();
    expect(['confirmed', 'terms_version', 'confirmed_at', 'confirmed_by', 'confirmed_ip'].map((field) => after.get(`payment_setting.compliance_${field}`))).toEqual(
      ['true', 'v1', String(answer.data.confirmed_at), String(fixture.root.userId), '127.0.0.1'],
    );
    // Tollgate's payments never waited on it: the wallet page offered them before (the tests above) and still does.
    expect((await info()).enable_online_topup).toBe(true);
  });
});
