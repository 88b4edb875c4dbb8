import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { UserEditPage } from './edit-page';

const pages = (
  <Routes>
    <Route path="/user/edit/:id" element={<UserEditPage />} />
    <Route path="/user" element={<p>user list</p>} />
  </Routes>
);
const bob = { id: 5, username: 'bob', display_name: 'Bob', role: 1, status: 1, email: '', group: 'vip', quota: 700, used_quota: 0, request_count: 0, DeletedAt: null, remark: 'pays by invoice' };

describe('UserEditPage', () => {
  it('loads the user into the form, saves the edit and goes back to the list', async () => {
    signIn(10, 1);
    const calls = stubApi({ 'GET /api/user/5': bob, 'GET /api/group/': ['default', 'vip'], 'PUT /api/user/': null });
    renderPage(pages, '/user/edit/5');
    const name = (await screen.findByLabelText('显示名称')) as HTMLInputElement;
    expect(name.value).toBe('Bob');
    fireEvent.change(name, { target: { value: 'Robert' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('user list')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ id: 5, username: 'bob', display_name: 'Robert', group: 'vip', quota: 700 });
  });

  it("shows the administrators' remark and saves an edit of it", async () => {
    signIn(10, 1);
    const calls = stubApi({ 'GET /api/user/5': bob, 'GET /api/group/': ['default', 'vip'], 'PUT /api/user/': null });
    renderPage(pages, '/user/edit/5');
    const remark = (await screen.findByLabelText('备注')) as HTMLInputElement;
    expect(remark.value).toBe('pays by invoice');
    fireEvent.change(remark, { target: { value: 'pays by card' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('user list')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ id: 5, remark: 'pays by card' });
  });

  it("lets root end the user's sessions", async () => {
    signIn(100, 1);
    const calls = stubApi({ 'GET /api/user/5': bob, 'GET /api/group/': ['default', 'vip'], 'DELETE /api/user/5/sessions': 2 });
    renderPage(pages, '/user/edit/5');
    fireEvent.click(await screen.findByRole('button', { name: '结束全部会话' }));
    expect(await screen.findByText('已结束 2 个会话')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('shows an administrator no button to end sessions', async () => {
    signIn(10, 1);
    stubApi({ 'GET /api/user/5': bob, 'GET /api/group/': ['default', 'vip'] });
    renderPage(pages, '/user/edit/5');
    await screen.findByLabelText('显示名称');
    expect(screen.queryByRole('button', { name: '结束全部会话' })).toBeNull();
  });

  it('says so when the user does not exist', async () => {
    signIn(10, 1);
    stubApi({ 'GET /api/user/99': { reply: { success: false, message: '用户不存在' } } });
    renderPage(pages, '/user/edit/99');
    expect((await screen.findByTestId('user-edit-missing')).textContent).toBe('用户不存在');
  });
});
