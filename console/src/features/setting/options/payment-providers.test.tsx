import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../../test/render';
import { SettingPage } from '../page';

/** What GET /api/option/ lists: never the secrets (StripeApiSecret, StripeWebhookSecret, CreemApiKey, CreemWebhookSecret). */
const stored = { ServerAddress: 'https://gw.example', StripePriceId: 'price_old', StripeUnitPrice: '8.0', StripeMinTopUp: '1', StripePromotionCodesEnabled: 'false', CreemProducts: '[]', CreemTestMode: 'false' };

function open() {
  signIn(100);
  const calls = stubApi({ 'GET /api/option/': Object.entries(stored).map(([key, value]) => ({ key, value })), 'PUT /api/option/': null });
  renderPage(<SettingPage />, '/setting?tab=system');
  return calls;
}
const puts = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('Stripe and Creem settings', () => {
  it('StripeApiSecret and StripeWebhookSecret are write-only: empty password fields, sent only when typed, beside StripePriceId', async () => {
    const calls = open();
    const stripe = await screen.findByRole('region', { name: 'Stripe 设置' });
    const key = within(stripe).getByLabelText('Stripe API 密钥（sk_ 或 rk_）') as HTMLInputElement;
    expect([key.type, key.value]).toEqual(['password', '']);
    expect((within(stripe).getByLabelText('Stripe 商品价格 ID（price_）') as HTMLInputElement).value).toBe('price_old');
    fireEvent.change(within(stripe).getByLabelText('Stripe Webhook 签名密钥（whsec_）'), { target: { value: 'whsec_new' } });
    fireEvent.change(within(stripe).getByLabelText('Stripe 商品价格 ID（price_）'), { target: { value: 'price_new' } });
    fireEvent.click(within(stripe).getByRole('button', { name: '保存Stripe 设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(puts(calls)).toEqual([{ key: 'StripeWebhookSecret', value: 'whsec_new' }, { key: 'StripePriceId', value: 'price_new' }]);
  });

  it('CreemApiKey, CreemWebhookSecret, CreemProducts and CreemTestMode are edited in their own group', async () => {
    const calls = open();
    const creem = await screen.findByRole('region', { name: 'Creem 设置' });
    expect((within(creem).getByLabelText('Creem API 密钥') as HTMLInputElement).type).toBe('password');
    expect((within(creem).getByLabelText('Creem Webhook 密钥') as HTMLInputElement).value).toBe('');
    const products = '[{"productId":"prod_1","name":"Starter","price":4.99,"currency":"USD","quota":2500000}]';
    fireEvent.change(within(creem).getByLabelText('Creem 产品列表（productId、name、price、currency、quota）'), { target: { value: products } });
    fireEvent.click(within(creem).getByRole('button', { name: '保存Creem 设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(puts(calls)).toEqual([{ key: 'CreemProducts', value: products }]);
  });
});
