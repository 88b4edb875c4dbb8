import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../../test/render';
import { LoginPage } from './login-page';

const pages = (
  <Routes>
    <Route path="/login" element={<LoginPage />} />
    <Route path="/token" element={<p>token page</p>} />
  </Routes>
);

function logIn(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}

describe('LoginPage', () => {
  it('asks for both fields before calling the server', async () => {
    const calls = stubApi({});
    renderPage(<LoginPage />, '/login');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名和密码！')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/user/login'))).toHaveLength(0);
  });

  it('says the session expired when opened with expired=true', () => {
    renderPage(<LoginPage />, '/login?expired=true');
    expect(screen.getByText('未登录或登录已过期，请重新登录！')).toBeTruthy();
  });

  it('stores the user, says so and goes to /token', async () => {
    const calls = stubApi({ 'POST /api/user/login': { id: 7, username: 'amy', display_name: 'Amy', role: 1, status: 1, group: 'default' } });
    renderPage(pages, '/login');
    logIn('amy', 'secret-pass');
    expect(await screen.findByText('token page')).toBeTruthy();
    expect(screen.getByText('登录成功！')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ id: 7, username: 'amy', role: 1 });
    expect(calls.find((c) => c.url === '/api/user/login')?.body).toEqual({ username: 'amy', password: 'secret-pass' });
  });

  it('asks for the two-factor code when the account has it, and signs in only with the second step', async () => {
    const calls = stubApi({
      'POST /api/user/login': { reply: { message: '请输入两步验证码', data: { require_2fa: true } } },
      'POST /api/user/login/2fa': { id: 8, username: 'tia', display_name: 'Tia', role: 1, status: 1, group: 'default' },
    });
    renderPage(pages, '/login');
    logIn('tia', 'secret-pass');
    fireEvent.change(await screen.findByLabelText('验证码'), { target: { value: '123456' } });
    expect(localStorage.getItem('user')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText('token page')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/user/login/2fa')?.body).toEqual({ code: '123456' });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ id: 8, username: 'tia' });
  });

  it('warns at once when root still has the default password', async () => {
    stubApi({ 'POST /api/user/login': { reply: { message: '请立刻修改默认密码！', data: { id: 1, username: 'root', role: 100, default_password: true } } } });
    renderPage(pages, '/login');
    logIn('root', '123456');
    expect((await screen.findByTestId('toast-warning')).textContent).toBe('请立刻修改默认密码！');
  });

  it('PasswordLoginEnabled, RegisterEnabled: off, the password form, the reset link and the register link are gone', async () => {
    stubApi({ '/api/status': { github_oauth: true, password_login_enabled: false, register_enabled: false } });
    renderPage(pages, '/login');
    expect(await screen.findByRole('button', { name: '使用 GitHub 继续' })).toBeTruthy();
    expect(screen.queryByLabelText('密码')).toBeNull();
    expect(screen.queryByRole('button', { name: '登录' })).toBeNull();
    expect(screen.queryByRole('link', { name: /忘记密码/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /注册/ })).toBeNull();
  });

  it('shows the server refusal as an error toast', async () => {
    stubApi({ 'POST /api/user/login': { reply: { success: false, message: '用户名或密码错误，或用户已被封禁' } } });
    renderPage(pages, '/login');
    logIn('amy', 'wrong-pass');
    expect((await screen.findByTestId('toast-error')).textContent).toBe('用户名或密码错误，或用户已被封禁');
    expect(localStorage.getItem('user')).toBeNull();
  });
});
