import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../../test/render';
import { ResetConfirmPage } from './reset-confirm-page';
import { ResetRequestPage } from './reset-request-page';

describe('ResetRequestPage', () => {
  it('asks for the email before calling the server', async () => {
    const calls = stubApi({});
    renderPage(<ResetRequestPage />, '/reset');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请输入邮箱地址！')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('asks for the mail, says it went, and waits 30 s before another', async () => {
    const calls = stubApi({ 'GET /api/reset_password': null });
    renderPage(<ResetRequestPage />, '/reset');
    fireEvent.change(screen.getByLabelText('邮箱地址'), { target: { value: 'amy@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('重置邮件发送成功，请检查邮箱！')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/reset_password?email=amy%40example.com');
    const retry = screen.getByRole('button', { name: '重试 (30)' });
    expect((retry as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server refusal', async () => {
    stubApi({ 'GET /api/reset_password': { reply: { success: false, message: '该邮箱地址未注册' } } });
    renderPage(<ResetRequestPage />, '/reset');
    fireEvent.change(screen.getByLabelText('邮箱地址'), { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect((await screen.findByTestId('toast-error')).textContent).toBe('该邮箱地址未注册');
  });
});

describe('ResetConfirmPage', () => {
  it('sends the link’s email and token and shows the new password', async () => {
    const calls = stubApi({ 'POST /api/user/reset': 'n3wPassw0rd12' });
    renderPage(<ResetConfirmPage />, '/user/reset?email=amy%40example.com&token=tok-123');
    expect((screen.getByLabelText('邮箱地址') as HTMLInputElement).value).toBe('amy@example.com');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(((await screen.findByLabelText('新密码')) as HTMLInputElement).value).toBe('n3wPassw0rd12');
    expect(calls[0]?.body).toEqual({ email: 'amy@example.com', token: 'tok-123' });
  });

  it('says a link without its token is not valid, and calls nothing', () => {
    const calls = stubApi({});
    renderPage(<ResetConfirmPage />, '/user/reset?email=amy%40example.com');
    expect(screen.getByRole('alert').textContent).toBe('重置链接无效，请重新申请密码重置');
    expect(calls).toHaveLength(0);
  });
});
