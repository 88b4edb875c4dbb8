import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/render';
import { LoginPage } from './login-page';
import { TURNSTILE_SCRIPT } from './sections/turnstile-widget';

const pages = (
  <Routes>
    <Route path="/login" element={<LoginPage />} />
    <Route path="/token" element={<p>token page</p>} />
  </Routes>
);
/** The WeChat dialog's submit button, rendered after the page's own 登录 button. */
const dialogLogin = () => screen.getAllByRole('button', { name: '登录' }).at(-1) as HTMLElement;
const baseStatus = { system_name: 'Tollgate', quota_per_unit: 500000 };

describe('LoginPage third-party sign-in and bot check', () => {
  it('shows no third-party buttons and loads no Turnstile script while everything is off', async () => {
    const calls = stubApi({ '/api/status': baseStatus });
    renderPage(pages, '/login');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/status')).toBe(true));
    expect(screen.queryByTestId('third-party')).toBeNull();
    expect(document.querySelector(`script[src="${TURNSTILE_SCRIPT}"]`)).toBeNull();
  });

  it('shows the switched-on buttons only, and signs in with a WeChat code', async () => {
    const calls = stubApi({
      '/api/status': { ...baseStatus, github_oauth: true, github_client_id: 'gh', wechat_login: true, wechat_qrcode: '/qr.png' },
      'GET /api/oauth/wechat': { id: 4, username: 'wechat_4', role: 1, status: 1, group: 'default' },
    });
    renderPage(pages, '/login');
    expect(await screen.findByRole('button', { name: '使用 GitHub 继续' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '使用 LinuxDO 继续' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '使用 微信 继续' }));
    await screen.findByLabelText('验证码');
    fireEvent.click(dialogLogin());
    expect(await screen.findByText('请输入验证码！')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(dialogLogin());
    expect(await screen.findByText('token page')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/oauth/wechat?code=123456')).toBe(true);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ id: 4 });
  });

  it('oidc.enabled: shows the OIDC button and sends the browser to the provider\'s authorize page with state as nonce', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'http://console.example', assign });
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    stubApi({
      '/api/status': { ...baseStatus, oidc_enabled: true, oidc_client_id: 'tollgate', oidc_authorization_endpoint: 'https://idp.example/authorize' },
      'GET /api/oauth/state': 'state123',
    });
    renderPage(pages, '/login');
    fireEvent.click(await screen.findByRole('button', { name: '使用 OIDC 继续' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const target = new URL(String(assign.mock.calls[0]?.[0]));
    expect(`${target.origin}${target.pathname}`).toBe('https://idp.example/authorize');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      client_id: 'tollgate', redirect_uri: 'http://console.example/oauth/oidc', response_type: 'code', scope: 'openid profile email', state: 'state123', nonce: 'state123',
    });
  });

  it('with Turnstile on, loads its script and asks to wait instead of sending a login without a token', async () => {
    const calls = stubApi({ '/api/status': { ...baseStatus, turnstile_check: true, turnstile_site_key: 'site-key' } });
    renderPage(pages, '/login');
    await screen.findByTestId('turnstile');
    expect(document.querySelector(`script[src="${TURNSTILE_SCRIPT}"]`)).not.toBeNull();
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'amy' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getAllByRole('button', { name: '登录' })[0] as HTMLElement);
    expect(await screen.findByText('请稍后几秒重试，Turnstile 正在检查用户环境！')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/user/login'))).toBe(false);
  });
});
