import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../../test/render';
import { LoginPage } from './login-page';

describe('Telegram login widget on the login page', () => {
  it('puts Telegram\'s widget script for the bot in place, and signs in with the fields it hands back', async () => {
    const calls = stubApi({
      '/api/status': { telegram_oauth: true, telegram_bot_name: 'tollgate_bot' },
      'GET /api/oauth/telegram/login': { id: 5, username: 'tele', role: 1, status: 1, group: 'default' },
    });
    renderPage(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/token" element={<p>token page</p>} />
      </Routes>,
      '/login',
    );
    const box = await screen.findByTestId('telegram-widget');
    const script = box.querySelector('script');
    expect(script?.src).toBe('https://telegram.org/js/telegram-widget.js?22');
    expect(script?.dataset).toMatchObject({ telegramLogin: 'tollgate_bot', onauth: 'onTelegramAuth(user)' });
    act(() => window.onTelegramAuth?.({ id: 777, first_name: 'Tele', auth_date: 1700000000, hash: 'ab'.repeat(32) }));
    expect(await screen.findByText('token page')).toBeTruthy();
    const call = calls.find((c) => c.url.startsWith('/api/oauth/telegram/login'));
    expect(Object.fromEntries(new URL(call?.url ?? '', 'http://x').searchParams)).toEqual({ id: '777', first_name: 'Tele', auth_date: '1700000000', hash: 'ab'.repeat(32), lang: 'zh' });
  });
});
