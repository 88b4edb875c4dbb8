import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import { HomePage } from './page';

const now = Math.floor(Date.now() / 1000);
const usage = {
  now,
  balance: 1_000_000,
  today: { quota: 250_000, requests: 3 },
  month: { quota: 1_500_000, requests: 12 },
  burn: { window_days: 7, quota: 3_500_000, quota_per_day: 500_000 },
  runs_out_at: now + 2 * 86_400,
  by_token: [{ name: 'ci', quota: 500_000, requests: 4, tokens: 12_000 }, { name: 'main', quota: 1_000_000, requests: 8, tokens: 30_000 }],
  by_model: [{ name: 'gpt-4o', quota: 1_500_000, requests: 12, tokens: 42_000 }],
};
const status = { quota_per_unit: 500_000, display_in_currency: true };

describe('HomePage', () => {
  it('shows a signed-in user their balance, spend, burn rate, run-out date and use per token and model', async () => {
    signIn(1, 2);
    const calls = stubApi({ '/api/user/self/usage': usage, '/api/notice': '', '/api/home_page_content': '# operator page', '/api/status': status });
    renderPage(<HomePage />, '/');
    await waitFor(() => expect(screen.getByTestId('home-balance').dataset.value).toBe('1000000'));
    await waitFor(() => expect(screen.getByTestId('home-balance').textContent).toContain('$2.00'));
    expect(screen.getByTestId('home-today').textContent).toContain('$0.50');
    expect(screen.getByTestId('home-today').textContent).toContain('3 次请求');
    expect(screen.getByTestId('home-month').textContent).toContain('$3.00');
    expect(screen.getByTestId('home-burn').textContent).toContain('$1.00');
    expect(screen.getByTestId('home-burn').textContent).toContain('最近 7 天平均');
    const runsOut = screen.getByTestId('home-runs-out');
    expect(runsOut.dataset.value).toBe(String(now + 2 * 86_400));
    expect(within(runsOut).getByTestId('relative-time').textContent).toBe('2 天内');
    expect(screen.getAllByTestId('home-tokens-row').map((row) => row.firstChild?.textContent)).toEqual(['ci', 'main']);
    expect(screen.getAllByTestId('home-models-row')[0]?.textContent).toContain('gpt-4o');
    expect(screen.queryByText('operator page'), 'a signed-in user sees their own view').toBeNull();
    // The browser's own midnight and first of the month.
    const asked = new URL(calls.find((c) => c.url.startsWith('/api/user/self/usage'))?.url ?? '', 'http://x').searchParams;
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    expect(Number(asked.get('today_start'))).toBe(midnight.getTime() / 1000);
    midnight.setDate(1);
    expect(Number(asked.get('month_start'))).toBe(midnight.getTime() / 1000);
  });

  it('says when nothing is being spent, and offers a token when there is no usage', async () => {
    signIn(1, 2);
    stubApi({ '/api/user/self/usage': { ...usage, burn: { window_days: 7, quota: 0, quota_per_day: 0 }, runs_out_at: null, by_token: [], by_model: [] }, '/api/notice': '', '/api/home_page_content': '', '/api/status': status });
    renderPage(<HomePage />, '/');
    expect(await screen.findByText('暂无消耗')).toBeTruthy();
    expect(screen.getAllByText('本月还没有调用')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: '创建令牌' }).every((link) => link.getAttribute('href') === '/token')).toBe(true);
  });

  it('explains the gateway to a visitor when the operator set no home page, and asks nothing of the user API', async () => {
    const calls = stubApi({ '/api/notice': '', '/api/home_page_content': '', '/api/status': { system_name: 'Acme AI' } });
    renderPage(<HomePage />, '/');
    const offer = await screen.findByTestId('gateway-offer');
    await waitFor(() => expect(within(offer).getByRole('heading', { level: 1 }).textContent).toBe('欢迎使用 Acme AI'));
    expect(within(offer).getByText('这个网关提供什么')).toBeTruthy();
    expect(within(offer).getByRole('link', { name: '注册开始使用' }).getAttribute('href')).toBe('/register');
    expect(calls.some((c) => c.url.startsWith('/api/user/self'))).toBe(false);
  });
});
