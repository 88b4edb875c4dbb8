import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { LoginPage } from './login-page';

describe('LoginPage', () => {
  it('asks for both fields before calling the server', async () => {
    localStorage.setItem('lang', 'zh');
    renderPage(<LoginPage />, '/login');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名和密码！')).toBeTruthy();
  });

  it('says the session expired when opened with expired=true', () => {
    renderPage(<LoginPage />, '/login?expired=true');
    expect(screen.getByText('未登录或登录已过期，请重新登录！')).toBeTruthy();
  });
});
