import { describe, expect, it } from 'vitest';
import { buildApiHarness, login, ROOT_PASSWORD, signUp } from '../../../test/api-app.js';
import type { Page } from './support/paging.js';

interface TopUpWire {
  id: number;
  user_id: number;
  trade_no: string;
  amount: number;
  money: number;
  status: string;
}

const EPAY = { ServerAddress: 'https://gw.example', PayAddress: 'https://pay.example', EpayId: '1001', EpayKey: 'k', MinTopUp: '5', TopUpLink: 'https://shop.example' };

describe('top-up orders and the wallet page info', () => {
  it('GET /api/user/topup/self pages the signed-in user\'s orders from 1, new-api\'s TopUp rows, searched by trade number', async () => {
    const { app, deps } = await buildApiHarness();
    const amy = await signUp(app, 'amy');
    const bob = await signUp(app, 'bob');
    for (const [i, userId] of [amy.userId, bob.userId, amy.userId, amy.userId].entries()) {
      await deps.topUps.create({ userId, amount: 10 + i, money: 73, tradeNo: `USR${userId}NO${i}`, paymentMethod: 'alipay', createTime: 1_700_000_000 + i });
    }
    const first = await amy.call<Page<TopUpWire>>('GET', '/api/user/topup/self?p=1&page_size=2');
    expect(first.body.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(first.body.data.items[0]).toEqual({
      id: 4, user_id: amy.userId, amount: 13, money: 73, trade_no: `USR${amy.userId}NO3`, payment_method: 'alipay', create_time: 1_700_000_003, complete_time: 0, status: 'pending',
    });
    expect((await amy.call<Page<TopUpWire>>('GET', '/api/user/topup/self?p=2&page_size=2')).body.data.items.map((o) => o.amount)).toEqual([10]);
    // Another user's trade number finds nothing: the search stays within one's own orders.
    expect((await amy.call<Page<TopUpWire>>('GET', `/api/user/topup/self?keyword=USR${bob.userId}NO`)).body.data.total).toBe(0);
    expect((await bob.call<Page<TopUpWire>>('GET', '/api/user/topup/self')).body.data.items.map((o) => o.amount)).toEqual([11]);
  });

  it('GET /api/user/topup lists everyone\'s orders for administrators, by keyword or user, and refuses users', async () => {
    const { app, deps } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const amy = await signUp(app, 'amy');
    await deps.topUps.create({ userId: amy.userId, amount: 10, money: 73, tradeNo: 'USR2NOaaa', paymentMethod: 'wxpay', createTime: 1 });
    await deps.topUps.create({ userId: root.userId, amount: 20, money: 146, tradeNo: 'USR1NObbb', paymentMethod: 'alipay', createTime: 2 });
    const all = await root.call<Page<TopUpWire>>('GET', '/api/user/topup?p=0');
    expect(all.body.data).toMatchObject({ total: 2, page: 1 });
    expect(all.body.data.items.map((o) => o.trade_no)).toEqual(['USR1NObbb', 'USR2NOaaa']);
    expect((await root.call<Page<TopUpWire>>('GET', '/api/user/topup?keyword=aaa')).body.data.items.map((o) => o.user_id)).toEqual([amy.userId]);
    expect((await root.call<Page<TopUpWire>>(`GET`, `/api/user/topup?user_id=${root.userId}`)).body.data.items.map((o) => o.amount)).toEqual([20]);
    expect((await amy.call('GET', '/api/user/topup')).status).toBe(403);
  });

  it('GET /api/user/topup/info tells the wallet page what it may offer: Epay methods only when Epay is set up', async () => {
    const bare = await buildApiHarness();
    const amy = await signUp(bare.app, 'amy');
    expect((await amy.call('GET', '/api/user/topup/info')).body.data).toMatchObject({ enable_online_topup: false, enable_stripe_topup: false, pay_methods: [], min_topup: 1 });
    const { app } = await buildApiHarness(EPAY);
    const bob = await signUp(app, 'bob');
    const { body } = await bob.call<{ pay_methods: { type: string }[] }>('GET', '/api/user/topup/info');
    expect(body.data).toMatchObject({ enable_online_topup: true, enable_redemption: true, min_topup: 5, topup_link: 'https://shop.example' });
    expect(body.data.pay_methods.map((m) => m.type)).toEqual(['alipay', 'wxpay']);
  });
});
