import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { StatementPage } from './page';

const order = { id: 1, kind: 'online', user_id: 2, amount: 10, money: 73, quota: 5_000_000, trade_no: 'USR2NO1', name: '', payment_method: 'alipay', create_time: 1_700_000_000, complete_time: 0, status: 'pending' };
const code = { ...order, id: 4, kind: 'redemption', amount: 0.5, money: 0, quota: 250_000, trade_no: '', name: 'spring gift', payment_method: 'redemption', complete_time: 1_700_000_000, status: 'success' };
const page = (items: object[]) => ({ items, total: items.length, page: 1, page_size: 10 });

function stubObjectUrls() {
  const created = vi.fn(() => 'blob:statement');
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
  return created;
}

afterEach(() => vi.restoreAllMocks());

describe('StatementPage', () => {
  it("shows a user's own top-ups with their status, and downloads their own statement for the chosen UTC days", async () => {
    signIn();
    const calls = stubApi({ '/api/status': {}, '/api/user/topup/self': page([order]), '/api/statement/self': 'x' });
    const created = stubObjectUrls();
    renderPage(<StatementPage />, '/statement');
    expect(await screen.findByText('USR2NO1')).toBeTruthy();
    expect(screen.getByText('待支付')).toBeTruthy();
    expect(screen.queryByLabelText('用户 ID（留空为全部用户）')).toBeNull();
    fireEvent.change(screen.getByLabelText('开始日期（UTC）'), { target: { value: '2026-09-01' } });
    fireEvent.change(screen.getByLabelText('结束日期（UTC，含当天）'), { target: { value: '2026-09-30' } });
    fireEvent.change(screen.getByLabelText('格式'), { target: { value: 'xlsx' } });
    fireEvent.click(screen.getByTestId('statement-download'));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const download = calls.find((c) => c.url.startsWith('/api/statement'));
    expect(download?.url).toBe('/api/statement/self?format=xlsx&start_timestamp=1788220800&end_timestamp=1790812800');
    expect(download?.headers.get('New-Api-User')).toBe('2');
  });

  it("lets an administrator choose a user (or everyone) and lists everyone's top-ups", async () => {
    signIn(10, 1);
    const calls = stubApi({ '/api/status': {}, '/api/user/topup': page([{ ...order, status: 'success', complete_time: 1_700_000_100 }]), '/api/statement': 'x' });
    const created = stubObjectUrls();
    renderPage(<StatementPage />, '/statement');
    expect(await screen.findByText('成功')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/user/topup?'))).toBe(true);
    fireEvent.change(screen.getByLabelText('开始日期（UTC）'), { target: { value: '2026-09-01' } });
    fireEvent.change(screen.getByLabelText('结束日期（UTC，含当天）'), { target: { value: '2026-09-01' } });
    fireEvent.change(screen.getByLabelText('用户 ID（留空为全部用户）'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('statement-download'));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(calls.find((c) => c.url.startsWith('/api/statement'))?.url).toBe('/api/statement?format=csv&start_timestamp=1788220800&end_timestamp=1788307200&user_id=7');
  });

  it('lists top-ups by code beside the online ones, each with its kind and status', async () => {
    signIn();
    stubApi({ '/api/status': {}, '/api/user/topup/self': page([code, order]) });
    renderPage(<StatementPage />, '/statement');
    const rows = await screen.findAllByTestId('top-up-row');
    expect(rows.map((row) => row.getAttribute('data-kind'))).toEqual(['redemption', 'online']);
    expect(within(rows[0]!).getByText('兑换码')).toBeTruthy();
    expect(within(rows[0]!).getByText('spring gift')).toBeTruthy();
    expect(within(rows[0]!).getByText('成功')).toBeTruthy();
    expect(within(rows[1]!).getByText('在线充值')).toBeTruthy();
    expect(within(rows[1]!).getByText('待支付')).toBeTruthy();
  });

  it("filters an administrator's list by user, from the first page", async () => {
    signIn(10, 1);
    const calls = stubApi({ '/api/status': {}, '/api/user/topup': { items: [code], total: 25, page: 1, page_size: 10 } });
    renderPage(<StatementPage />, '/statement');
    await screen.findAllByTestId('top-up-row');
    fireEvent.change(screen.getByRole('textbox', { name: '用户 ID' }), { target: { value: '7' } });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/user/topup?p=1&page_size=10&user_id=7'));
  });

  it('refuses a period that ends before it starts', async () => {
    signIn();
    stubApi({ '/api/status': {}, '/api/user/topup/self': page([]) });
    renderPage(<StatementPage />, '/statement');
    fireEvent.change(screen.getByLabelText('开始日期（UTC）'), { target: { value: '2026-09-02' } });
    fireEvent.change(screen.getByLabelText('结束日期（UTC，含当天）'), { target: { value: '2026-09-01' } });
    fireEvent.click(screen.getByTestId('statement-download'));
    expect((await screen.findByRole('alert')).textContent).toBe('请选择开始和结束日期，结束不能早于开始');
  });
});
