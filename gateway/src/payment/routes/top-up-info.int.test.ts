import { describe, expect, it } from 'vitest';
import { buildApiHarness, login, ROOT_PASSWORD, signUp } from '../../../test/api-app.js';

const STRIPE = { StripeApiSecret: 'sk_test_abc', StripeWebhookSecret: 'whsec_abc', StripePriceId: 'price_1', StripeMinTopUp: '3' };
const PRODUCTS = '[{"productId":"prod_1","name":"Starter","price":4.99,"currency":"USD","quota":2500000}]';
const CREEM = { CreemApiKey: 'creem_key', CreemWebhookSecret: 'creem_whsec', CreemProducts: PRODUCTS };

interface Info { enable_stripe_topup: boolean; enable_creem_topup: boolean; pay_methods: { type: string; min_topup?: string }[]; stripe_min_topup: number; creem_products: string }

async function infoWith(options: Record<string, string>): Promise<Info> {
  const { app } = await buildApiHarness(options);
  return (await (await signUp(app, 'amy')).call<Info>('GET', '/api/user/topup/info')).body.data;
}

describe('GET /api/user/topup/info: Stripe and Creem', () => {
  it('offers Stripe only when its secret key, webhook secret and Price are all set', async () => {
    expect(await infoWith({})).toMatchObject({ enable_stripe_topup: false, enable_creem_topup: false, pay_methods: [], creem_products: '[]' });
    for (const missing of Object.keys(STRIPE).filter((k) => k !== 'StripeMinTopUp')) {
      expect((await infoWith({ ...STRIPE, [missing]: '' })).enable_stripe_topup, missing).toBe(false);
    }
    const info = await infoWith(STRIPE);
    expect(info).toMatchObject({ enable_stripe_topup: true, stripe_min_topup: 3 });
    expect(info.pay_methods).toEqual([{ name: 'Stripe', type: 'stripe', color: '#635BFF', min_topup: '3' }]);
  });

  it('offers Creem only with its API key, webhook secret and at least one product, and lists the products', async () => {
    for (const missing of Object.keys(CREEM)) expect((await infoWith({ ...CREEM, [missing]: missing === 'CreemProducts' ? '[]' : '' })).enable_creem_topup, missing).toBe(false);
    expect(await infoWith(CREEM)).toMatchObject({ enable_creem_topup: true, creem_products: PRODUCTS });
  });

  it('keeps the secrets write-only: saved, acting, never listed; a malformed product list is refused', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    for (const [key, value] of Object.entries({ ...STRIPE, ...CREEM })) expect((await root.call('PUT', '/api/option/', { key, value })).body.success, key).toBe(true);
    const listed = (await root.call<{ key: string; value: string }[]>('GET', '/api/option/')).body.data;
    const keys = listed.map((o) => o.key);
    for (const secret of ['StripeApiSecret', 'StripeWebhookSecret', 'CreemApiKey', 'CreemWebhookSecret']) expect(keys).not.toContain(secret);
    expect(keys).toEqual(expect.arrayContaining(['StripePriceId', 'StripeUnitPrice', 'StripeMinTopUp', 'StripePromotionCodesEnabled', 'CreemProducts', 'CreemTestMode']));
    for (const secret of ['sk_test_abc', 'whsec_abc', 'creem_key', 'creem_whsec']) expect(JSON.stringify(listed)).not.toContain(secret);
    expect((await root.call('PUT', '/api/option/', { key: 'CreemProducts', value: '[{"productId":"p","price":-1}]' })).body.success).toBe(false);
    expect((await root.call('PUT', '/api/option/', { key: 'StripeUnitPrice', value: 'cheap' })).body.success).toBe(false);
    expect((await (await signUp(app, 'amy')).call<Info>('GET', '/api/user/topup/info')).body.data).toMatchObject({ enable_stripe_topup: true, enable_creem_topup: true });
  });
});
