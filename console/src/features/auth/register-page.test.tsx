import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../../test/render';
import { RegisterPage } from './register-page';

function fill(username: string, password: string, password2: string) {
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: password2 } });
  fireEvent.click(screen.getByRole('button', { name: '注册' }));
}

describe('RegisterPage', () => {
  it('refuses a password shorter than 8 characters', async () => {
    const calls = stubApi({ '/api/status': {} });
    renderPage(<RegisterPage />, '/register');
    fill('amy', 'short', 'short');
    expect(await screen.findByText('密码长度不得小于 8 位！')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses two different passwords', async () => {
    stubApi({ '/api/status': {} });
    renderPage(<RegisterPage />, '/register');
    fill('amy', 'long-enough', 'long-enougH');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
  });

  it('remembers ?aff= and sends it as aff_code', async () => {
    const calls = stubApi({ '/api/status': {}, 'POST /api/user/register': null });
    renderPage(<RegisterPage />, '/register?aff=AbCd');
    fill('amy', 'long-enough', 'long-enough');
    expect(await screen.findByText('注册成功！')).toBeTruthy();
    expect(localStorage.getItem('aff')).toBe('AbCd');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ username: 'amy', password: 'long-enough', password2: 'long-enough', aff_code: 'AbCd' });
  });

  it('RegisterEnabled: off, says registration is closed and offers no way to sign up', async () => {
    stubApi({ '/api/status': { register_enabled: false, github_oauth: true } });
    renderPage(<RegisterPage />, '/register');
    expect(await screen.findByText('管理员关闭了新用户注册')).toBeTruthy();
    expect(screen.queryByLabelText('用户名')).toBeNull();
    expect(screen.queryByRole('button', { name: '使用 GitHub 继续' })).toBeNull();
  });

  it('PasswordRegisterEnabled: off, says so and offers the third-party sign-ups only, a WeChat one with the invite code', async () => {
    const calls = stubApi({ '/api/status': { password_register_enabled: false, wechat_login: true }, 'GET /api/oauth/wechat': { id: 9, username: 'wechat_9' } });
    renderPage(<RegisterPage />, '/register?aff=AbCd');
    expect(await screen.findByText('管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册')).toBeTruthy();
    expect(screen.queryByLabelText('确认密码')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '使用 微信 继续' }));
    fireEvent.change(await screen.findByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/oauth/wechat?code=123456&aff=AbCd'));
  });

  it('asks for an email code when email verification is on, with a 30 s resend countdown', async () => {
    const calls = stubApi({ '/api/status': { email_verification: true }, '/api/verification': null });
    renderPage(<RegisterPage />, '/register');
    fireEvent.change(await screen.findByLabelText('邮箱地址'), { target: { value: 'a@b.c' } });
    fireEvent.click(screen.getByTestId('send-code'));
    expect((await screen.findByText('重新发送 (30)')).closest('button')?.disabled).toBe(true);
    expect(calls.map((c) => c.url)).toContain('/api/verification?email=a%40b.c');
  });
});
