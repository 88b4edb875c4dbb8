import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { formatTime } from '../../lib/datetime';
import type { PaymentForm } from '../topup/api';
import { SubscriptionPage } from './page';

const HOUR = 3600;
const now = Math.floor(Date.now() / 1000);
const plan = (id: number, extra: object = {}) => ({
  id, title: `plan ${id}`, subtitle: '', price_amount: 9.9, currency: 'USD', duration_unit: 'month', duration_value: 1, custom_seconds: 0, enabled: true, sort_order: 0,
  stripe_price_id: '', creem_product_id: '', max_purchase_per_user: 0, upgrade_group: '', total_amount: 500, quota_reset_period: 'daily', quota_reset_custom_seconds: 0,
  model_limits: '', group_limits: '', extra_windows: [], created_at: 1, updated_at: 1, ...extra,
});
const window = (total: number, used: number, resets: number) => ({ total_amount: total, quota_reset_period: 'daily', quota_reset_custom_seconds: 0, amount_used: used, amount_left: total - used, next_reset_time: resets });
const sub = (id: number, status: string, windows: object[]) => ({
  subscription: { id, user_id: 2, plan_id: 1, start_time: now - HOUR, end_time: now + 30 * 24 * HOUR, status, source: 'wallet', windows: [], model_limits: '', group_limits: '', created_at: 1, updated_at: 1 },
  windows,
});
const selfWith = (subs: ReturnType<typeof sub>[], preference = 'subscription_first') => ({
  billing_preference: preference, subscription: null, subscriptions: subs.filter((s) => s.subscription.status === 'active'), all_subscriptions: subs,
});

function stub(extra: Record<string, unknown> = {}) {
  return stubApi({
    '/api/status': {},
    '/api/subscription/plans': [{ plan: plan(1) }, { plan: plan(2, { stripe_price_id: 'price_1', creem_product_id: 'prod_1' }) }],
    '/api/subscription/self': selfWith([sub(7, 'active', [window(500, 120, now + HOUR)]), sub(3, 'expired', [window(500, 0, 0)])]),
    '/api/user/topup/info': { enable_online_topup: false, enable_stripe_topup: true, enable_creem_topup: false, pay_methods: [] },
    ...extra,
  });
}

describe('SubscriptionPage', () => {
  it('shows each active window with what is left of it and when it resets, and past subscriptions apart', async () => {
    signIn();
    stub();
    renderPage(<SubscriptionPage />, '/subscription');
    const [active, past] = await screen.findAllByTestId('subscription');
    const line = within(active!).getByTestId('subscription-window');
    expect(line.getAttribute('data-left')).toBe(String(500 - 120));
    expect(line.textContent).toContain(`剩余 ${500 - 120} / 500`);
    expect(line.textContent).toContain(`${formatTime(now + HOUR)} 重置`);
    expect(active!.textContent).toContain('生效');
    expect(past!.textContent).toContain('已过期');
    expect(screen.getByText('历史订阅')).toBeTruthy();
  });

  it('offers Stripe only where it is switched on and the plan names a price, never Creem while it is off', async () => {
    signIn();
    stub();
    renderPage(<SubscriptionPage />, '/subscription');
    const cards = await screen.findAllByTestId('plan-card');
    expect(cards.map((c) => within(c).queryByRole('button', { name: 'Stripe 支付' }) !== null)).toEqual([false, true]);
    expect(screen.queryByRole('button', { name: 'Creem 支付' })).toBeNull();
    expect(cards.every((c) => within(c).queryByRole('button', { name: '余额购买' }) !== null)).toBe(true);
  });

  it('buys with the wallet after asking, and reloads the subscriptions', async () => {
    signIn();
    const calls = stub({ 'POST /api/subscription/balance/pay': null });
    renderPage(<SubscriptionPage />, '/subscription');
    const [first] = await screen.findAllByTestId('plan-card');
    fireEvent.click(within(first!).getByRole('button', { name: '余额购买' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确认使用余额购买「plan 1」？');
    const selfReads = calls.filter((c) => c.url === '/api/subscription/self').length;
    fireEvent.click(within(dialog).getByRole('button', { name: '余额购买' }));
    expect(await screen.findByText('购买成功')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ plan_id: 1 });
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/subscription/self').length).toBeGreaterThan(selfReads));
  });

  it("shows the server's refusal of a purchase and buys nothing", async () => {
    signIn();
    stub({ 'POST /api/subscription/balance/pay': { reply: { success: false, message: '余额不足' } } });
    renderPage(<SubscriptionPage />, '/subscription');
    const [first] = await screen.findAllByTestId('plan-card');
    fireEvent.click(within(first!).getByRole('button', { name: '余额购买' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '余额购买' }));
    expect(await screen.findByText('余额不足')).toBeTruthy();
    expect(screen.queryByText('购买成功')).toBeNull();
  });

  it('saves the billing preference the user picks', async () => {
    signIn();
    const calls = stub({ 'PUT /api/subscription/self/preference': { billing_preference: 'wallet_first' } });
    renderPage(<SubscriptionPage />, '/subscription');
    const select = await screen.findByLabelText('扣费策略');
    expect((select as HTMLSelectElement).value).toBe('subscription_first');
    fireEvent.change(select, { target: { value: 'wallet_first' } });
    expect(await screen.findByText('扣费策略已更新')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ billing_preference: 'wallet_first' });
  });

  it("goes to Stripe's checkout for the plan's price, and offers Epay's methods only while online top-up is on", async () => {
    signIn();
    const form = { url: 'https://pay.example/submit.php', fields: { pid: '1001', money: '9.90', sign: 'abc' } };
    const calls = stub({
      '/api/user/topup/info': { enable_online_topup: true, enable_stripe_topup: true, enable_creem_topup: false, pay_methods: [{ name: '支付宝', type: 'alipay' }, { name: 'Stripe', type: 'stripe' }] },
      'POST /api/subscription/stripe/pay': { pay_link: 'https://checkout.stripe.com/c/pay/cs_1' },
      'POST /api/subscription/epay/pay': { reply: { message: 'success', data: form.fields, fields: { url: form.url } } },
    });
    const checkouts: string[] = [];
    const forms: PaymentForm[] = [];
    renderPage(<SubscriptionPage leave={{ checkout: (url) => checkouts.push(url), form: (f) => forms.push(f) }} />, '/subscription');
    const [, second] = await screen.findAllByTestId('plan-card');
    // Stripe's own entry of pay_methods is not a second Stripe button.
    expect(within(second!).getAllByRole('button').map((b) => b.textContent)).toEqual(['余额购买', 'Stripe 支付', '支付宝']);
    fireEvent.click(within(second!).getByRole('button', { name: 'Stripe 支付' }));
    await waitFor(() => expect(checkouts).toEqual(['https://checkout.stripe.com/c/pay/cs_1']));
    expect(calls.find((c) => c.url === '/api/subscription/stripe/pay')?.body).toEqual({ plan_id: 2 });
    fireEvent.click(within(second!).getByRole('button', { name: '支付宝' }));
    await waitFor(() => expect(forms).toEqual([form]));
    expect(calls.find((c) => c.url === '/api/subscription/epay/pay')?.body).toEqual({ plan_id: 2, payment_method: 'alipay' });
  });

  it("shows a provider's refusal and leaves the page where it is", async () => {
    signIn();
    stub({ 'POST /api/subscription/stripe/pay': { reply: { success: false, message: 'error', data: '该套餐未配置 Stripe' } } });
    const checkouts: string[] = [];
    renderPage(<SubscriptionPage leave={{ checkout: (url) => checkouts.push(url), form: () => {} }} />, '/subscription');
    const [, second] = await screen.findAllByTestId('plan-card');
    fireEvent.click(within(second!).getByRole('button', { name: 'Stripe 支付' }));
    expect(await screen.findByText('该套餐未配置 Stripe')).toBeTruthy();
    expect(checkouts).toEqual([]);
  });
});
