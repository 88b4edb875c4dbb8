import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { expectViewKeptPerUser, VIEW_TEST_MS } from '../../test/table-view';
import { UserPage } from './page';

const user = (id: number, extra: object = {}) => ({ id, username: `u${id}`, display_name: '', role: 1, status: 1, email: '', group: 'default', quota: 1000, used_quota: 10, request_count: 2, DeletedAt: null, ...extra });
const page = { items: [user(4), user(3, { status: 2, role: 10 }), user(2, { DeletedAt: '2026-01-01T00:00:00Z' })], total: 3, page: 1, page_size: 10 };

describe('UserPage', () => {
  it('lists users with role and status, and no actions for a deactivated one', async () => {
    signIn(100);
    const calls = stubApi({ '/api/user/?': page, '/api/group/': ['default', 'vip'], '/api/status': {} });
    renderPage(<UserPage />, '/user');
    const rows = await screen.findAllByTestId('user-row');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(rows[0]!).slice(4, 6)).toEqual(['普通用户', '已激活']);
    expect(cells(rows[1]!).slice(4, 6)).toEqual(['管理员', '已封禁']);
    expect(cells(rows[2]!)[5]).toBe('已注销');
    expect(within(rows[2]!).queryAllByRole('button')).toHaveLength(0);
    expect(within(rows[1]!).queryByRole('button', { name: '启用' })).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain('/api/user/?p=1&page_size=10');
  });

  it('searches by group, and manages a user with the action the button names', async () => {
    signIn(100);
    const calls = stubApi({ '/api/user/?': page, '/api/user/search': { ...page, items: [user(4)] }, 'POST /api/user/manage': { status: 2, role: 1 }, '/api/group/': ['default', 'vip'], '/api/status': {} });
    renderPage(<UserPage />, '/user');
    await screen.findAllByTestId('user-row');
    fireEvent.change(await screen.findByRole('combobox', { name: '分组' }), { target: { value: 'vip' } });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/user/search?group=vip'));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    fireEvent.click(within(screen.getByTestId('user-row')).getByRole('button', { name: '禁用' }));
    expect(await screen.findByText('操作成功完成！')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/user/manage')?.body).toEqual({ id: 4, action: 'disable' });
  });

  it('adds a user from the side panel, requiring a username and a password', async () => {
    signIn(100);
    const calls = stubApi({ '/api/user/?': page, 'POST /api/user/': {}, '/api/group/': ['default'], '/api/status': {} });
    renderPage(<UserPage />, '/user');
    fireEvent.click(screen.getByRole('button', { name: '添加用户' }));
    fireEvent.click(await screen.findByRole('button', { name: '提交' }));
    expect(await screen.findByText('请输入用户名和密码！')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'newbie' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'password-1' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('用户账户创建成功！')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/user/')?.body).toEqual({ username: 'newbie', display_name: '', password: 'password-1' });
  });

  it('edits group and quota in the side panel', async () => {
    signIn(100);
    const calls = stubApi({ '/api/user/?': page, 'PUT /api/user/': {}, '/api/group/': ['default', 'vip'], '/api/status': {} });
    renderPage(<UserPage />, '/user');
    const [first] = await screen.findAllByTestId('user-row');
    fireEvent.click(within(first!).getByRole('button', { name: '编辑用户' }));
    fireEvent.change(await screen.findByLabelText('剩余额度'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('分组', { selector: '#user-group' }), { target: { value: 'vip' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('用户信息更新成功！')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: 4, username: 'u4', display_name: '', password: '', group: 'vip', quota: 5000, remark: '' });
  });

  it('keeps the sort and the columns each user chose', async () => {
    stubApi({ '/api/user/?': page, '/api/group/': ['default', 'vip'], '/api/status': {} });
    await expectViewKeptPerUser({
      renderList: () => renderPage(<UserPage />, '/user'), rowTestId: 'user-row', rowName: (row) => row.dataset.userId, role: 100,
      sortBy: '用户角色', sortedDescending: ['3', '4', '2'], hide: '分组',
    });
  }, VIEW_TEST_MS);
});
