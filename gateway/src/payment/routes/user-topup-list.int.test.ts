import { describe, expect, it } from 'vitest';
import { buildApiHarness, login, ROOT_PASSWORD, signUp } from '../../../test/api-app.js';
import type { Page } from '../../api/support/paging.js';

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
      id: 4, kind: 'online', user_id: amy.userId, amount: 13, money: 73, quota: 13 * 500_000, trade_no: `USR${amy.userId}NO3`, name: '', payment_method: 'alipay',
      create_time: 1_700_000_003, complete_time: 0, status: 'pending',
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

  it('lists codes a user redeemed beside the online orders, newest first, paged as one list: each user their own, root everyone\'s', async () => {
    const { app, deps } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const amy = await signUp(app, 'amy');
    const bob = await signUp(app, 'bob');
    const now = Math.floor(Date.now() / 1000);
    await deps.topUps.create({ userId: amy.userId, amount: 2, money: 14.6, tradeNo: 'AMY-OLD', paymentMethod: 'wxpay', createTime: now - 3_600 });
    await deps.topUps.complete('AMY-OLD', now - 3_500);
    await deps.topUps.create({ userId: bob.userId, amount: 5, money: 36.5, tradeNo: 'BOB-1', paymentMethod: 'alipay', createTime: now - 1_800 });
    const codes = await root.call<string[]>('POST', '/api/redemption/', { name: 'gift', count: 3, quota: 250_000 });
    const [amyCode, bobCode, unused] = codes.body.data;
    expect((await amy.call('POST', '/api/user/topup', { key: amyCode })).body.success).toBe(true);
    expect((await bob.call('POST', '/api/user/topup', { key: bobCode })).body.success).toBe(true);
    await deps.topUps.create({ userId: amy.userId, amount: 1, money: 7.3, tradeNo: 'AMY-NEW', paymentMethod: 'alipay', createTime: now + 60 });

    const mine = await amy.call<Page<TopUpWire & { kind: string; name: string; quota: number; payment_method: string }>>('GET', '/api/user/topup/self?p=1&page_size=10');
    expect(mine.body.data.total).toBe(3);
    expect(mine.body.data.items.map((row) => [row.kind, row.trade_no || row.name, row.status, row.user_id])).toEqual([
      ['online', 'AMY-NEW', 'pending', amy.userId],
      ['redemption', 'gift', 'success', amy.userId],
      ['online', 'AMY-OLD', 'success', amy.userId],
    ]);
    expect(mine.body.data.items[1]).toMatchObject({ quota: 250_000, amount: 0.5, money: 0, payment_method: 'redemption' });
    expect(JSON.stringify(mine.body)).not.toContain(String(amyCode));
    const secondPage = await amy.call<Page<TopUpWire & { kind: string }>>('GET', '/api/user/topup/self?p=2&page_size=2');
    expect(secondPage.body.data).toMatchObject({ total: 3, page: 2, items: [{ kind: 'online', trade_no: 'AMY-OLD' }] });
    const onlyCodes = await amy.call<Page<TopUpWire & { kind: string }>>('GET', '/api/user/topup/self?kind=redemption');
    expect(onlyCodes.body.data.items.map((row) => row.kind)).toEqual(['redemption']);
    expect((await bob.call<Page<TopUpWire>>('GET', '/api/user/topup/self')).body.data.items.map((row) => row.user_id)).toEqual([bob.userId, bob.userId]);

    const everyone = await root.call<Page<TopUpWire & { kind: string }>>('GET', '/api/user/topup?page_size=3');
    expect(everyone.body.data.total).toBe(5);
    expect(everyone.body.data.items.map((row) => row.kind)).toEqual(['online', 'redemption', 'redemption']);
    const rest = await root.call<Page<TopUpWire & { kind: string }>>('GET', '/api/user/topup?p=2&page_size=3');
    expect(rest.body.data.items.map((row) => row.trade_no)).toEqual(['BOB-1', 'AMY-OLD']);
    const bobs = await root.call<Page<TopUpWire & { kind: string }>>(`GET`, `/api/user/topup?user_id=${bob.userId}`);
    expect(bobs.body.data.items.map((row) => [row.kind, row.user_id])).toEqual([['redemption', bob.userId], ['online', bob.userId]]);
    expect(JSON.stringify(everyone.body)).not.toContain(String(unused));
    const refused = await amy.call('GET', `/api/user/topup?user_id=${bob.userId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.success).toBe(false);
    expect((await amy.call('GET', '/api/user/topup/self?kind=cash')).status).toBe(400);
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
