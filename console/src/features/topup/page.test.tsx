import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn, stubApi } from '../../test/render';
import type { PaymentForm } from './api';
import { TopupPage } from './page';
import { OnlineTopupCard } from './sections/online-topup-card';

const self = { id: 2, username: 'user2', quota: 500_000, used_quota: 0, request_count: 0, group: 'default' };
const status = (extra: object = {}) => ({ quota_per_unit: 500_000, display_in_currency: true, min_topup: 2, enable_online_topup: true, top_up_link: '', ...extra });

/** The pay call answers with `url` beside `data`, which the generic stub cannot express. */
function withPayAnswer(form: PaymentForm) {
  const stubbed = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/user/pay' ? Response.json({ success: true, message: 'success', data: form.fields, url: form.url }) : stubbed(input, init)) as typeof fetch;
}

describe('TopupPage', () => {
  it('asks for a code before redeeming, then redeems it and says so', async () => {
    signIn();
    const calls = stubApi({ '/api/status': status(), '/api/user/self': self, 'POST /api/user/topup': 250_000 });
    renderPage(<TopupPage />, '/topup');
    fireEvent.click(screen.getByRole('button', { name: '兑换' }));
    expect(await screen.findByText('请输入兑换码！')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('兑换码'), { target: { value: ' abc ' } });
    fireEvent.click(screen.getByRole('button', { name: '兑换' }));
    expect(await screen.findByText('兑换成功！')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/user/topup')?.body).toEqual({ key: 'abc' });
  });

  it("lists the user's own top-ups, and the redeemed code among them once it is redeemed", async () => {
    signIn();
    const online = { id: 1, kind: 'online', user_id: 2, amount: 10, money: 73, quota: 5_000_000, trade_no: 'USR2NO1', name: '', payment_method: 'alipay', create_time: 1_700_000_000, complete_time: 0, status: 'pending' };
    const redeemed = { ...online, id: 9, kind: 'redemption', trade_no: '', name: 'gift', payment_method: 'redemption', money: 0, status: 'success' };
    const historyOf = (items: object[]) => ({ items, total: items.length, page: 1, page_size: 10 });
    const answers: Record<string, unknown> = { '/api/status': status(), '/api/user/self': self, 'POST /api/user/topup': 250_000, '/api/user/topup/self': historyOf([online]) };
    const calls = stubApi(answers);
    renderPage(<TopupPage />, '/topup');
    expect((await screen.findAllByTestId('top-up-row')).map((row) => row.getAttribute('data-kind'))).toEqual(['online']);
    expect(calls.some((c) => c.url.startsWith('/api/user/topup?'))).toBe(false);
    answers['/api/user/topup/self'] = historyOf([redeemed, online]);
    fireEvent.change(screen.getByLabelText('兑换码'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: '兑换' }));
    await waitFor(() => expect(screen.getAllByTestId('top-up-row').map((row) => row.getAttribute('data-kind'))).toEqual(['redemption', 'online']));
    expect(within(screen.getAllByTestId('top-up-row')[0]!).getByText('gift')).toBeTruthy();
  });

  it('refuses online top-up when it is off, or under the minimum', async () => {
    signIn();
    stubApi({ '/api/status': status({ enable_online_topup: false }), '/api/user/self': self });
    renderPage(<TopupPage />, '/topup');
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: '充值数量' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '支付宝' }));
    expect(await screen.findByText('管理员未开启在线充值！')).toBeTruthy();
  });

  it('confirms the amount payable, then posts the signed form to the gateway', async () => {
    signIn();
    localStorage.setItem('status', JSON.stringify(status()));
    const calls = stubApi({ '/api/status': status(), '/api/user/self': self, 'POST /api/user/amount': '21.90' });
    const form = { url: 'https://pay.example/submit.php', fields: { pid: '1001', money: '21.90', sign: 'abc', sign_type: 'MD5' } };
    withPayAnswer(form);
    const left: PaymentForm[] = [];
    renderPage(<OnlineTopupCard leave={(f) => left.push(f)} />, '/topup');
    fireEvent.change(screen.getByLabelText('充值数量'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: '微信' }));
    expect(await screen.findByText('充值数量不能小于 2')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('充值数量'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '微信' }));
    const confirm = await screen.findByTestId('topup-confirm');
    expect(within(confirm).getByText('21.90')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/user/amount')?.body).toEqual({ amount: 3, top_up_code: '' });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(left).toEqual([form]));
  });
});
