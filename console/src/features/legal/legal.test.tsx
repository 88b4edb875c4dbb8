import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, renderPage, stubApi } from '../../test/render';
import { RegisterPage } from '../auth/register-page';

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '注册' }));
}

describe('the legal pages (legal.user_agreement, legal.privacy_policy)', () => {
  it('legal.user_agreement: /user-agreement shows the operator\'s Markdown; legal.privacy_policy: /privacy-policy says when none is set', async () => {
    stubApi({ '/api/status': {}, '/api/user-agreement': '# 服务条款\n\n请合理使用。', '/api/privacy-policy': '' });
    renderApp('/user-agreement');
    expect(await screen.findByRole('heading', { name: '服务条款' })).toBeTruthy();
    expect(screen.getByText('请合理使用。')).toBeTruthy();
  });

  it('legal.privacy_policy: unset, its page says the administrator has not set it', async () => {
    stubApi({ '/api/status': {}, '/api/privacy-policy': '' });
    renderApp('/privacy-policy');
    expect(await screen.findByText('管理员尚未设置该内容')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '隐私政策' })).toBeTruthy();
  });

  it('registration links both documents when set and refuses to send until the visitor agrees', async () => {
    const calls = stubApi({ '/api/status': { user_agreement_enabled: true, privacy_policy_enabled: true }, 'POST /api/user/register': null });
    renderPage(<RegisterPage />, '/register');
    const consent = await screen.findByTestId('legal-consent');
    expect(screen.getByRole('link', { name: '用户协议' }).getAttribute('href')).toBe('/user-agreement');
    expect(screen.getByRole('link', { name: '隐私政策' }).getAttribute('href')).toBe('/privacy-policy');
    fill('amy', 'long-enough');
    expect(await screen.findByText('请先阅读并同意用户协议和隐私政策')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(consent.querySelector('input') as HTMLInputElement);
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('注册成功！')).toBeTruthy();
  });

  it('registration shows no consent line while neither document is set', async () => {
    stubApi({ '/api/status': {} });
    renderPage(<RegisterPage />, '/register');
    await screen.findByLabelText('用户名');
    expect(screen.queryByTestId('legal-consent')).toBeNull();
  });
});
