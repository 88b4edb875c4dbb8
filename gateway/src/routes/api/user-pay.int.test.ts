import { describe, expect, it } from 'vitest';
import { buildApiHarness, signUp } from '../../../test/api-app.js';

describe('online top-up requests', () => {
  it('says so when the administrator has not configured Epay, and records no order', async () => {
    const { app, deps } = await buildApiHarness();
    const amy = await signUp(app, 'amy');
    const answer = await amy.call('POST', '/api/user/pay', { amount: 5, payment_method: 'wx' });
    expect(answer.body).toEqual({ success: false, message: 'error', data: '当前管理员未配置支付信息' });
    expect((await deps.topUps.listByUser(amy.userId, { offset: 0, limit: 10 })).total).toBe(0);
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
});
