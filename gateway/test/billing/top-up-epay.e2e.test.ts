import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaySign } from '../../src/payment/epay.js';
import { type EpayMock, startEpayMock } from '../mock-upstream/services/epay-mock.js';
import type { ConsoleClient } from '../support/clients/console-client.js';
import { eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/**
 * Online top-up end to end on the embedded engines: the user asks the price and a payment form,
 * the browser posts the form to Epay (a mock checking the signature), Epay notifies Tollgate,
 * and the quota is credited exactly once however often the notification comes.
 */
const PID = '1001';
const KEY = 'epay-merchant-key';
const QUOTA_PER_UNIT = 500_000;

interface PayAnswer { success: boolean; message: string; data: Record<string, string>; url: string }
interface SelfView { quota: number }

describe('online top-up through Epay', () => {
  let fixture: EmbeddedFixture;
  let epay: EpayMock;
  let erin: ConsoleClient;

  async function order(amount: number): Promise<string> {
    const answer = (await (await erin.send('POST', '/api/user/pay', { amount, top_up_code: '', payment_method: 'zfb' })).json()) as PayAnswer;
    expect(answer).toMatchObject({ success: true, message: 'success', url: `${epay.url}/submit.php` });
    const posted = await fetch(answer.url, { method: 'POST', body: new URLSearchParams(answer.data) }); // what the browser's form does
    expect(posted.status).toBe(200);
    return answer.data.out_trade_no ?? '';
  }

  const quota = async () => (await erin.must<SelfView>('GET', '/api/user/self')).quota;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    epay = await startEpayMock(PID, KEY);
    const options = { ServerAddress: fixture.tollgate.url, PayAddress: epay.url, EpayId: PID, EpayKey: KEY, Price: '7.3', TopupGroupRatio: '{"default":1,"vip":0.9}' };
    for (const [key, value] of Object.entries(options)) await fixture.root.must('PUT', '/api/option/', { key, value });
    erin = await userWithQuota(fixture, 'erin', 0);
  });

  afterAll(async () => {
    await epay?.close();
    await fixture?.close();
  });

  it('quotes amount x Price x the group top-up ratio, and refuses amounts under MinTopUp', async () => {
    expect(await (await erin.send('POST', '/api/user/amount', { amount: 10, top_up_code: '' })).json()).toEqual({ success: true, message: 'success', data: '73.00' });
    expect(await (await erin.send('POST', '/api/user/amount', { amount: 0 })).json()).toEqual({ success: false, message: 'error', data: '充值数量不能小于 1' });
    expect(await (await erin.send('POST', '/api/user/pay', { amount: 5, payment_method: 'paypal' })).json()).toEqual({ success: false, message: 'error', data: '支付方式不存在' });
  });

  it('credits a paid order exactly once though Epay notifies it five times, two at once', async () => {
    const tradeNo = await order(10);
    expect(epay.orders.at(-1)?.params).toMatchObject({ pid: PID, type: 'alipay', money: '73.00', name: 'TUC10', notify_url: `${fixture.tollgate.url}/api/user/epay/notify` });
    const answers = await Promise.all([epay.pay(tradeNo), epay.pay(tradeNo)]);
    answers.push(await epay.pay(tradeNo), await epay.pay(tradeNo), await epay.pay(tradeNo));
    expect(answers).toEqual(['success', 'success', 'success', 'success', 'success']);
    await eventually(async () => ((await quota()) === 10 * QUOTA_PER_UNIT ? true : undefined), 5_000, 'the top-up was applied');
    await new Promise((r) => setTimeout(r, 300));
    expect(await quota()).toBe(10 * QUOTA_PER_UNIT);
    const topUpRows = async () => (await erin.must<{ items: { content: string; quota: number }[] }>('GET', '/api/log/self/?p=1&type=1')).items;
    await eventually(async () => ((await topUpRows()).length > 0 ? true : undefined), 5_000, 'the top-up row was logged');
    expect(await topUpRows()).toEqual([expect.objectContaining({ content: '使用在线充值成功，充值金额: 10，支付金额：73.000000', quota: 10 * QUOTA_PER_UNIT })]);
  });

  it('refuses a forged, a tampered, an unpaid or an unknown notification, crediting nothing', async () => {
    const tradeNo = await order(3);
    const before = await quota();
    const forged = new URLSearchParams({ pid: PID, out_trade_no: tradeNo, money: '21.90', trade_status: 'TRADE_SUCCESS', sign: '0'.repeat(32), sign_type: 'MD5' });
    expect(await (await fetch(`${fixture.tollgate.url}/api/user/epay/notify?${forged}`)).text()).toBe('fail');
    expect(await epay.pay(tradeNo, { money: '0.01' })).toBe('fail');
    expect(await epay.pay(tradeNo, { trade_status: 'WAIT_BUYER_PAY' })).toBe('fail');
    expect(await epay.pay(tradeNo, { out_trade_no: 'USR999NOnothing' })).toBe('fail');
    await new Promise((r) => setTimeout(r, 300));
    expect(await quota()).toBe(before);
  });

  it('accepts the notification as a form post too', async () => {
    const tradeNo = await order(1);
    const before = await quota();
    const submitted = epay.orders.find((o) => o.params.out_trade_no === tradeNo)?.params ?? {};
    const notice = { pid: PID, trade_no: '9', out_trade_no: tradeNo, type: 'alipay', name: submitted.name ?? '', money: submitted.money ?? '', trade_status: 'TRADE_SUCCESS' };
    const response = await fetch(`${fixture.tollgate.url}/api/user/epay/notify`, { method: 'POST', body: new URLSearchParams({ ...notice, sign: epaySign(notice, KEY), sign_type: 'MD5' }) });
    expect(await response.text()).toBe('success');
    await eventually(async () => ((await quota()) === before + QUOTA_PER_UNIT ? true : undefined), 5_000, 'the form-posted top-up was applied');
  });
});
