import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../../test/render';
import { SettingPage } from '../page';

/** What GET /api/option/ lists: never the secrets (StripeApiSecret, StripeWebhookSecret, CreemApiKey, CreemWebhookSecret). */
const stored = { ServerAddress: 'https://gw.example', PayMethods: '[{"name":"支付宝","type":"alipay"}]', 'payment_setting.amount_options': '[]', 'payment_setting.amount_discount': '{}', StripePriceId: 'price_old', StripeUnitPrice: '8.0', StripeMinTopUp: '1', StripePromotionCodesEnabled: 'false', CreemProducts: '[]', CreemTestMode: 'false' };

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

  it('PayMethods, payment_setting.amount_options and payment_setting.amount_discount are edited with the Epay settings', async () => {
    const calls = open();
    const payment = await screen.findByRole('region', { name: '支付设置' });
    const methods = within(payment).getByLabelText(/^充值方式设置/) as HTMLTextAreaElement;
    expect(methods.value).toBe(stored.PayMethods);
    const usdt = '[{"name":"支付宝","type":"alipay"},{"name":"USDT","type":"usdt"}]';
    fireEvent.change(methods, { target: { value: usdt } });
    fireEvent.change(within(payment).getByLabelText(/^自定义充值数量选项/), { target: { value: '[10, 100]' } });
    fireEvent.change(within(payment).getByLabelText(/^充值金额折扣配置/), { target: { value: '{"100": 0.9}' } });
    fireEvent.click(within(payment).getByRole('button', { name: '保存支付设置' }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(puts(calls)).toEqual([
      { key: 'PayMethods', value: usdt },
      { key: 'payment_setting.amount_options', value: '[10, 100]' },
      { key: 'payment_setting.amount_discount', value: '{"100": 0.9}' },
    ]);
  });

  it('a payment_setting.amount_discount that is not JSON is named and nothing is saved', async () => {
    const calls = open();
    const payment = await screen.findByRole('region', { name: '支付设置' });
    fireEvent.change(within(payment).getByLabelText(/^充值金额折扣配置/), { target: { value: '{"100": 0.9' } });
    fireEvent.click(within(payment).getByRole('button', { name: '保存支付设置' }));
    expect(await screen.findByText('payment_setting.amount_discount 不是合法的 JSON 字符串')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });
});
