import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../../test/render';
import { BindingsCard } from './bindings-card';

const self = { id: 2, username: 'user2', quota: 0, used_quota: 0, request_count: 0, group: 'default', email: '', github_id: 'octocat', wechat_id: '', linux_do_id: '' };

describe('BindingsCard', () => {
  it('shows what is bound, and a bind button only for switched-on services not yet bound', async () => {
    signIn();
    stubApi({ '/api/user/self': self, '/api/status': { github_oauth: true, linuxdo_oauth: true, wechat_login: false } });
    renderPage(<BindingsCard />, '/setting');
    expect(await within(await screen.findByTestId('binding-github')).findByText('octocat')).toBeTruthy();
    expect(within(await screen.findByTestId('binding-linuxdo')).getByRole('button', { name: '绑定' })).toBeTruthy();
    expect(within(screen.getByTestId('binding-github')).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('binding-wechat')).toBeNull();
    expect(within(screen.getByTestId('binding-email')).getByText('未绑定')).toBeTruthy();
  });

  it('binds an email with the mailed code, asking for each field with the spec\'s texts', async () => {
    signIn();
    const calls = stubApi({ '/api/user/self': self, '/api/status': {}, 'GET /api/verification': null, 'GET /api/oauth/email/bind': null });
    renderPage(<BindingsCard />, '/setting');
    fireEvent.click(await screen.findByRole('button', { name: '绑定邮箱地址' }));
    const submit = await screen.findByRole('button', { name: '绑定' });
    fireEvent.click(submit);
    expect(await screen.findByText('请输入邮箱！')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('邮箱地址'), { target: { value: 'me@example.com' } });
    fireEvent.click(submit);
    expect(await screen.findByText('请输入邮箱验证码！')).toBeTruthy();
    fireEvent.click(screen.getByTestId('send-code'));
    fireEvent.change(screen.getByLabelText('邮箱验证码'), { target: { value: 'abc123' } });
    fireEvent.click(submit);
    expect(await screen.findByText('绑定成功！')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(expect.arrayContaining(['/api/verification?email=me%40example.com', '/api/oauth/email/bind?email=me%40example.com&code=abc123']));
  });
});
