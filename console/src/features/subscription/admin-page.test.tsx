import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { PlanAdminPage } from './admin-page';

const plan = (id: number, extra: object = {}) => ({
  id, title: `plan ${id}`, subtitle: '', price_amount: 5, currency: 'USD', duration_unit: 'day', duration_value: 30, custom_seconds: 0, enabled: true, sort_order: 0,
  stripe_price_id: '', creem_product_id: '', max_purchase_per_user: 0, upgrade_group: '', total_amount: 100, quota_reset_period: 'daily', quota_reset_custom_seconds: 0,
  model_limits: '', group_limits: '', extra_windows: [], created_at: 1, updated_at: 1, ...extra,
});
const now = Math.floor(Date.now() / 1000);
const summary = (id: number, status: string) => ({
  subscription: { id, user_id: 9, plan_id: 1, start_time: now, end_time: now + 86_400, status, source: 'admin', windows: [], model_limits: '', group_limits: '', created_at: 1, updated_at: 1 },
  windows: [{ total_amount: 100, quota_reset_period: 'daily', quota_reset_custom_seconds: 0, amount_used: 40, amount_left: 60, next_reset_time: now + 86_400 }],
});
const plans = [{ plan: plan(1) }, { plan: plan(2, { enabled: false, model_limits: 'gpt-4o', extra_windows: [{ total_amount: 700, quota_reset_period: 'weekly', quota_reset_custom_seconds: 0 }] }) }];

describe('PlanAdminPage', () => {
  it('lists every plan with its windows, limits and status', async () => {
    signIn(10);
    stubApi({ '/api/status': {}, '/api/subscription/admin/plans': plans });
    renderPage(<PlanAdminPage />, '/plan');
    const rows = await screen.findAllByTestId('plan-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toContain('每日 100; 每周 700');
    expect(rows[1]!.textContent).toContain('gpt-4o');
    expect(rows.map((r) => within(r).queryByRole('button', { name: '启用' }) !== null)).toEqual([false, true]);
  });

  it('creates a plan with two windows, the second weekly, sent as new-api`s window and one extra', async () => {
    signIn(10);
    const calls = stubApi({ '/api/status': {}, '/api/subscription/admin/plans': plans, 'POST /api/subscription/admin/plans': plan(3) });
    renderPage(<PlanAdminPage />, '/plan');
    fireEvent.click(await screen.findByRole('button', { name: '新建套餐' }));
    fireEvent.change(await screen.findByLabelText('套餐标题'), { target: { value: 'pro' } });
    fireEvent.change(screen.getByLabelText('价格', { selector: '#plan-price' }), { target: { value: '12.5' } });
    fireEvent.change(screen.getByLabelText('额度（0 为不限）', { selector: '#plan-window-0-amount' }), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('重置周期', { selector: '#plan-window-0-period' }), { target: { value: 'daily' } });
    fireEvent.click(screen.getByRole('button', { name: '添加额度窗口' }));
    fireEvent.change(screen.getByLabelText('额度（0 为不限）', { selector: '#plan-window-1-amount' }), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('重置周期', { selector: '#plan-window-1-period' }), { target: { value: 'weekly' } });
    fireEvent.change(screen.getByLabelText('限定模型（逗号分隔，留空不限）'), { target: { value: 'gpt-4o,claude' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('套餐已保存')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST')?.body as { plan: Record<string, unknown> };
    expect(sent.plan).toMatchObject({ title: 'pro', price_amount: 12.5, total_amount: 1000, quota_reset_period: 'daily', model_limits: 'gpt-4o,claude', extra_windows: [{ total_amount: 5000, quota_reset_period: 'weekly', quota_reset_custom_seconds: 0 }] });
    expect(sent.plan).not.toHaveProperty('id');
  });

  it('edits a plan through PUT with its id, and disables one through PATCH', async () => {
    signIn(10);
    const calls = stubApi({ '/api/status': {}, '/api/subscription/admin/plans': plans, 'PUT /api/subscription/admin/plans/1': null, 'PATCH /api/subscription/admin/plans/1': null });
    renderPage(<PlanAdminPage />, '/plan');
    const [first] = await screen.findAllByTestId('plan-row');
    fireEvent.click(within(first!).getByRole('button', { name: '编辑套餐' }));
    const title = await screen.findByLabelText('套餐标题');
    expect((title as HTMLInputElement).value).toBe('plan 1');
    fireEvent.change(title, { target: { value: 'plan one' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ plan: { title: 'plan one', duration_unit: 'day', duration_value: 30, total_amount: 100 } }));
    fireEvent.click(within(first!).getByRole('button', { name: '禁用' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: false }));
  });

  it("shows a user's subscriptions, grants an enabled plan and invalidates a running one after asking", async () => {
    signIn(10);
    const calls = stubApi({
      '/api/status': {}, '/api/subscription/admin/plans': plans,
      '/api/subscription/admin/users/9/subscriptions': [summary(4, 'active'), summary(2, 'cancelled')],
      'POST /api/subscription/admin/users/9/subscriptions': summary(5, 'active').subscription,
      'POST /api/subscription/admin/user_subscriptions/4/invalidate': null,
    });
    renderPage(<PlanAdminPage />, '/plan');
    fireEvent.change(await screen.findByLabelText('用户 ID'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: '查看订阅' }));
    const subs = await screen.findAllByTestId('subscription');
    expect(within(subs[0]!).getByTestId('subscription-window').getAttribute('data-left')).toBe('60');
    expect(within(subs[1]!).queryByRole('button', { name: '作废' })).toBeNull();
    // Only enabled plans may be granted.
    expect([...(screen.getByLabelText('赠送套餐') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['plan 1']);
    fireEvent.click(screen.getByRole('button', { name: '赠送套餐' }));
    expect(await screen.findByText('已赠送套餐')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/users/9/subscriptions') && c.method === 'POST')?.body).toEqual({ plan_id: 1 });
    fireEvent.click(within(subs[0]!).getByRole('button', { name: '作废' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '作废' }));
    expect(await screen.findByText('订阅已作废')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/subscription/admin/user_subscriptions/4/invalidate')).toBe(true);
  });
});
