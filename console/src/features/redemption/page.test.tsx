import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { RedemptionPage } from './page';
import { formatTime } from '../../lib/datetime';

const code = (id: number, status: number, extra: object = {}) => ({ id, name: `batch-${id}`, key: `${id}`.padStart(32, 'a'), status, quota: 100_000, created_time: 1_700_000_000, redeemed_time: 0, used_user_id: 0, expired_time: 0, ...extra });
const page = { items: [code(3, 1), code(2, 2), code(1, 3, { used_user_id: 7 })], total: 3, page: 1, page_size: 10 };

describe('RedemptionPage', () => {
  it('lists codes with their status, redeemer (无 for none) and only the actions each status allows', async () => {
    signIn(10);
    stubApi({ '/api/redemption/?': page, '/api/status': {} });
    renderPage(<RedemptionPage />, '/redemption');
    const rows = await screen.findAllByTestId('redemption-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]?.textContent)).toEqual(['未使用', '已禁用', '已使用']);
    expect(within(rows[0]!).getAllByRole('cell')[6]?.textContent).toBe('无');
    expect(within(rows[2]!).getAllByRole('cell')[6]?.textContent).toBe('7');
    expect(within(rows[0]!).queryByRole('button', { name: '更新兑换码信息' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: '更新兑换码信息' })).toBeNull();
    expect(within(rows[1]!).queryByRole('button', { name: '启用' })).toBeTruthy();
    expect(within(rows[2]!).queryByRole('button', { name: '启用' })).toBeNull();
  });

  it('shows an unused code past its expiry as 已过期 with its expiry time, and a code without one as never expiring', async () => {
    signIn(10);
    const expiry = Math.floor(Date.now() / 1000) - 3600;
    stubApi({ '/api/redemption/?': { ...page, items: [code(4, 1, { expired_time: expiry }), code(3, 1)] }, '/api/status': {} });
    renderPage(<RedemptionPage />, '/redemption');
    const rows = await screen.findAllByTestId('redemption-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]?.textContent)).toEqual(['已过期', '未使用']);
    expect(rows.map((r) => within(r).getAllByRole('cell')[7]?.textContent)).toEqual([formatTime(expiry), '永不过期']);
  });

  it('sends the chosen expiry, as epoch seconds, when creating codes', async () => {
    signIn(10);
    const calls = stubApi({ '/api/redemption/?': page, 'POST /api/redemption/': ['k1'], '/api/status': {} });
    renderPage(<RedemptionPage />, '/redemption');
    fireEvent.click(screen.getByRole('button', { name: '添加新的兑换码' }));
    fireEvent.change(await screen.findByLabelText('名称'), { target: { value: 'spring' } });
    fireEvent.change(screen.getByLabelText('过期时间', { selector: '#redemption-expires' }), { target: { value: '2030-03-01T12:00' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('兑换码创建成功！')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'spring', expired_time: Math.floor(new Date('2030-03-01T12:00').getTime() / 1000) });
  });

  it('asks for page 1 first and page 2 on next, as the API counts pages', async () => {
    signIn(10);
    const calls = stubApi({ '/api/redemption/?': { ...page, total: 25 }, '/api/status': {} });
    renderPage(<RedemptionPage />, '/redemption');
    await screen.findAllByTestId('redemption-row');
    expect(calls.map((c) => c.url)).toContain('/api/redemption/?p=1&page_size=10');
    expect(screen.getByText('1 / 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/redemption/?p=2&page_size=10'));
  });

  it('asks to select codes before copying them', async () => {
    signIn(10);
    stubApi({ '/api/redemption/?': page, '/api/status': {} });
    renderPage(<RedemptionPage />, '/redemption');
    await screen.findAllByTestId('redemption-row');
    fireEvent.click(screen.getByRole('button', { name: '复制所选兑换码' }));
    expect(await screen.findByText('请至少选择一个兑换码！')).toBeTruthy();
  });

  it('creates a batch, says so, and shows the new codes', async () => {
    signIn(10);
    const calls = stubApi({ '/api/redemption/?': page, 'POST /api/redemption/': ['k1', 'k2'], '/api/status': {} });
    renderPage(<RedemptionPage />, '/redemption');
    fireEvent.click(screen.getByRole('button', { name: '添加新的兑换码' }));
    fireEvent.change(await screen.findByLabelText('名称'), { target: { value: 'launch' } });
    fireEvent.change(screen.getByLabelText('生成数量'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('兑换码创建成功！')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'launch', quota: 100_000, expired_time: 0, count: 2 });
    expect((await screen.findByTestId('redemption-keys')).textContent).toBe('k1\nk2');
  });

  it('disables an unused code with a status-only update', async () => {
    signIn(10);
    const calls = stubApi({ '/api/redemption/?': page, 'PUT /api/redemption/?status_only=true': code(3, 2), '/api/status': {} });
    renderPage(<RedemptionPage />, '/redemption');
    const [first] = await screen.findAllByTestId('redemption-row');
    fireEvent.click(within(first!).getByRole('button', { name: '禁用' }));
    expect(await screen.findByText('兑换码更新成功！')).toBeTruthy();
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: 3, status: 2 }));
  });
});
