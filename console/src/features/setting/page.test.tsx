import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { SettingPage } from './page';

const self = { id: 2, username: 'user2', display_name: 'Two', quota: 0, used_quota: 0, request_count: 0, group: 'default', aff_count: 3, aff_quota: 1_000_000, aff_history_quota: 1_500_000 };
const status = { server_address: 'https://gw.example', quota_per_unit: 500_000, display_in_currency: true };

describe('SettingPage, personal tab', () => {
  it('shows only the personal tab to a user, and all four to root', async () => {
    signIn(1);
    stubApi({ '/api/user/self': self, '/api/user/aff': 'AbCd', '/api/status': status });
    const { unmount } = renderPage(<SettingPage />, '/setting?tab=system');
    expect(screen.getAllByRole('tab').map((l) => l.textContent)).toEqual(['个人设置']);
    unmount();
    signIn(100);
    renderPage(<SettingPage />, '/setting?tab=system');
    expect(screen.getAllByRole('tab').map((l) => l.textContent)).toEqual(['个人设置', '运营设置', '系统设置', '其他设置']);
  });

  it('shows the invite link and statistics', async () => {
    signIn(1);
    localStorage.setItem('status', JSON.stringify(status));
    stubApi({ '/api/user/self': self, '/api/user/aff': 'AbCd', '/api/status': status });
    renderPage(<SettingPage />, '/setting');
    await waitFor(() => expect(screen.getByTestId('invite-link').textContent).toBe('https://gw.example/register?aff=AbCd'));
    expect(await screen.findByText('邀请人数 3，待使用收益 $2.00，总收益 $3.00')).toBeTruthy();
  });

  it('transfers invite rewards in a dialog, refusing less than one quota unit with 划转金额最低为 and the amount', async () => {
    signIn(1);
    localStorage.setItem('status', JSON.stringify(status));
    const calls = stubApi({ '/api/user/self': self, '/api/user/aff': 'AbCd', '/api/status': status, 'POST /api/user/aff_transfer': null });
    renderPage(<SettingPage />, '/setting');
    fireEvent.click(await screen.findByRole('button', { name: '划转' }));
    const amount = await screen.findByLabelText('划转额度');
    expect((amount as HTMLInputElement).value).toBe('1000000');
    fireEvent.change(amount, { target: { value: '499999' } });
    fireEvent.click(screen.getAllByRole('button', { name: '划转' }).at(-1)!);
    expect(await screen.findByText('划转金额最低为$1.00')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(amount, { target: { value: '500000' } });
    fireEvent.click(screen.getAllByRole('button', { name: '划转' }).at(-1)!);
    expect(await screen.findByText('划转成功')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ quota: 500_000 });
  });

  it('asks for a matching confirmation before changing the password, then sends the current one along', async () => {
    signIn(1);
    const calls = stubApi({ '/api/user/self': self, 'PUT /api/user/self': null, '/api/user/aff': 'AbCd', '/api/status': status });
    renderPage(<SettingPage />, '/setting');
    fireEvent.change(screen.getByLabelText('原密码'), { target: { value: 'old-password' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'new-password-1' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'new-password-2' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'new-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('用户信息更新成功！')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ password: 'new-password-1', original_password: 'old-password' });
  });

  it('deletes the account only when the username is typed exactly', async () => {
    signIn(1);
    const calls = stubApi({ '/api/user/self': self, 'DELETE /api/user/self': null, '/api/user/aff': 'AbCd', '/api/status': status });
    renderPage(<SettingPage />, '/setting');
    fireEvent.change(screen.getByLabelText('此操作不可逆，请输入你的账户名以确认删除'), { target: { value: 'user' } });
    fireEvent.click(screen.getByRole('button', { name: '删除个人账户' }));
    expect(await screen.findByText('请输入你的账户名以确认删除！')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('此操作不可逆，请输入你的账户名以确认删除'), { target: { value: 'user2' } });
    fireEvent.click(screen.getByRole('button', { name: '删除个人账户' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(localStorage.getItem('user')).toBeNull());
  });
});
