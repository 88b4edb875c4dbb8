import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { TopupPage } from './page';
import { ProviderTopupCard } from './sections/provider-topup-card';

const self = { id: 2, username: 'user2', quota: 0, used_quota: 0, request_count: 0, group: 'default' };
const status = { quota_per_unit: 500_000, display_in_currency: true, min_topup: 1, enable_online_topup: false, top_up_link: '' };
const PRODUCTS = JSON.stringify([{ productId: 'prod_1', name: 'Starter', price: 4.99, currency: 'USD', quota: 2_500_000 }]);
const info = (extra: object = {}) => ({ enable_stripe_topup: true, enable_creem_topup: true, stripe_min_topup: 2, creem_products: PRODUCTS, ...extra });

describe('Stripe and Creem on the wallet page', () => {
  it('offers neither while topup/info says they are off', async () => {
    signIn();
    const calls = stubApi({ '/api/status': status, '/api/user/self': self, '/api/user/topup/info': info({ enable_stripe_topup: false, enable_creem_topup: false }) });
    renderPage(<TopupPage />, '/topup');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/topup/info')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Stripe' })).toBeNull();
    expect(screen.queryByText('银行卡与国际支付')).toBeNull();
  });

  it('StripeMinTopUp and StripeUnitPrice: quotes the amount, confirms the price, then goes to the Stripe checkout', async () => {
    signIn();
    const calls = stubApi({ '/api/user/topup/info': info(), 'POST /api/user/stripe/amount': '16.00', 'POST /api/user/stripe/pay': { pay_link: 'https://checkout.stripe.com/c/pay/cs_1' } });
    const left: string[] = [];
    renderPage(<ProviderTopupCard leave={(url) => left.push(url)} />, '/topup');
    const amount = await screen.findByLabelText('Stripe 充值数量');
    fireEvent.change(amount, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stripe' }));
    expect(await screen.findByText('充值数量不能小于 2')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stripe' }));
    expect(within(await screen.findByTestId('provider-confirm')).getByText('16.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(left).toEqual(['https://checkout.stripe.com/c/pay/cs_1']));
    expect(calls.find((c) => c.url === '/api/user/stripe/pay')?.body).toEqual({ amount: 2, payment_method: 'stripe' });
  });

  it('CreemProducts: lists the products, confirms the chosen one and its price, then goes to the Creem checkout', async () => {
    signIn();
    const calls = stubApi({ '/api/user/topup/info': info({ enable_stripe_topup: false }), 'POST /api/user/creem/pay': { checkout_url: 'https://creem.io/checkout/ch_1', order_id: 'ref_1' } });
    const left: string[] = [];
    renderPage(<ProviderTopupCard leave={(url) => left.push(url)} />, '/topup');
    fireEvent.click(await screen.findByRole('button', { name: 'Starter · 4.99 USD' }));
    expect(within(await screen.findByTestId('provider-confirm')).getByText('4.99 USD')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(left).toEqual(['https://creem.io/checkout/ch_1']));
    expect(calls.find((c) => c.url === '/api/user/creem/pay')?.body).toEqual({ product_id: 'prod_1', payment_method: 'creem' });
  });

  it('shows the server\'s refusal and stays on the page', async () => {
    signIn();
    stubApi({ '/api/user/topup/info': info(), 'POST /api/user/stripe/amount': '16.00', 'POST /api/user/stripe/pay': { reply: { success: false, message: 'error', data: '拉起支付失败' } } });
    const left: string[] = [];
    renderPage(<ProviderTopupCard leave={(url) => left.push(url)} />, '/topup');
    fireEvent.click(await screen.findByRole('button', { name: 'Stripe' }));
    await screen.findByTestId('provider-confirm');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('拉起支付失败')).toBeTruthy();
    expect(left).toEqual([]);
  });
});
