import { describe, expect, it } from 'vitest';
import { epayVerify } from '../epay.js';
import { ROOT_PASSWORD, buildApiHarness, login, signUp, type Session } from '../../../test/api-app.js';

interface PayForm { url: string; data: Record<string, string> }

/** The harness with the options set as an operator does, through PUT /api/option/. */
async function operatedHarness(options: Record<string, string>) {
  const harness = await buildApiHarness();
  const root = await login(harness.app, 'root', ROOT_PASSWORD);
  const setOption = async (key: string, value: string) => expect((await root.call('PUT', '/api/option/', { key, value })).body.success, key).toBe(true);
  for (const [key, value] of Object.entries(options)) await setOption(key, value);
  return { ...harness, setOption };
}

const EPAY = { ServerAddress: 'https://gw.example', PayAddress: 'https://pay.example/', EpayId: '1001', EpayKey: 'merchant-key-1' };
const payForm = async (user: Session) => (await user.call('POST', '/api/user/pay', { amount: 10, payment_method: 'zfb' })).body as unknown as PayForm;

describe('online top-up requests', () => {
  it('says so when the administrator has not configured Epay, and records no order', async () => {
    const { app, deps } = await buildApiHarness();
    const amy = await signUp(app, 'amy');
    const answer = await amy.call('POST', '/api/user/pay', { amount: 5, payment_method: 'wx' });
    expect(answer.body).toEqual({ success: false, message: 'error', data: '当前管理员未配置支付信息' });
    expect((await deps.topUps.list({ userId: amy.userId }, { offset: 0, limit: 10 })).total).toBe(0);
  });

  it('prices in quota when quotas are not shown in currency, and scales MinTopUp alike', async () => {
    const { app } = await buildApiHarness({ DisplayInCurrencyEnabled: 'false', QuotaPerUnit: '500000', Price: '7', MinTopUp: '2' });
    const amy = await signUp(app, 'amy');
    expect((await amy.call('POST', '/api/user/amount', { amount: 1_500_000 })).body).toEqual({ success: true, message: 'success', data: '21.00' });
    expect((await amy.call('POST', '/api/user/amount', { amount: 999_999 })).body).toEqual({ success: false, message: 'error', data: '充值数量不能小于 1000000' });
    expect((await amy.call('POST', '/api/user/amount', { amount: 'lots' })).body).toEqual({ success: false, message: 'error', data: '参数错误' });
  });

  it('requires a signed-in user', async () => {
    const { app } = await buildApiHarness();
    expect((await app.inject({ method: 'POST', url: '/api/user/amount', payload: { amount: 5 } })).statusCode).toBe(401);
  });

  it('Price, TopupGroupRatio and MinTopUp: the amount payable is amount x Price x the group\'s top-up ratio, at or above the minimum', async () => {
    const { app, deps, setOption } = await operatedHarness({ Price: '8', TopupGroupRatio: '{"default":1,"vip":0.5}', MinTopUp: '5' });
    const amy = await signUp(app, 'amy');
    const vera = await signUp(app, 'vera');
    await deps.users.update(vera.userId, { group: 'vip' });
    expect((await amy.call('POST', '/api/user/amount', { amount: 10 })).body).toEqual({ success: true, message: 'success', data: '80.00' });
    expect((await vera.call('POST', '/api/user/amount', { amount: 10 })).body).toEqual({ success: true, message: 'success', data: '40.00' });
    expect((await amy.call('POST', '/api/user/amount', { amount: 4 })).body).toEqual({ success: false, message: 'error', data: '充值数量不能小于 5' });
    await setOption('Price', '7.3');
    expect((await amy.call('POST', '/api/user/amount', { amount: 10 })).body.data).toBe('73.00');
  });

  it('PayAddress, EpayId and EpayKey: the form goes to PayAddress\'s submit.php as merchant EpayId, signed with EpayKey', async () => {
    const { app, setOption } = await operatedHarness(EPAY);
    const amy = await signUp(app, 'amy');
    const form = await payForm(amy);
    expect(form.url).toBe('https://pay.example/submit.php');
    expect(form.data).toMatchObject({ pid: '1001', type: 'alipay', money: '73.00', sign_type: 'MD5' });
    expect(epayVerify(form.data, 'merchant-key-1')).toBe(true);
    await setOption('EpayKey', 'merchant-key-2');
    await setOption('EpayId', '2002');
    const next = await payForm(amy);
    expect(next.data.pid).toBe('2002');
    expect(epayVerify(next.data, 'merchant-key-2')).toBe(true);
    expect(JSON.stringify(next)).not.toContain('merchant-key-2');
  });

  it('ServerAddress and CustomCallbackAddress: Epay notifies CustomCallbackAddress when set, else ServerAddress; the buyer returns to ServerAddress', async () => {
    const { app, setOption } = await operatedHarness(EPAY);
    const amy = await signUp(app, 'amy');
    expect((await payForm(amy)).data).toMatchObject({ notify_url: 'https://gw.example/api/user/epay/notify', return_url: 'https://gw.example/log' });
    await setOption('CustomCallbackAddress', 'https://callback.example');
    expect((await payForm(amy)).data).toMatchObject({ notify_url: 'https://callback.example/api/user/epay/notify', return_url: 'https://gw.example/log' });
  });
});
