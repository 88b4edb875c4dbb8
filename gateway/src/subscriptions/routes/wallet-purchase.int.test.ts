import { describe, expect, it } from 'vitest';
import { buildApiHarness, login, ROOT_PASSWORD, signUp } from '../../../test/api-app.js';
import { buyWithWallet } from '../wallet-purchase.js';

const QUOTA_PER_UNIT = 500_000;
const PRICE = 1 * QUOTA_PER_UNIT; // price_amount 1
const tick = () => new Promise((resolve) => setTimeout(resolve, 30)); // the fake ledger applies appends on a later tick

describe('max_purchase_per_user on wallet purchases (issue #41)', () => {
  it('8 purchases at once of a plan limited to 2: exactly 2 start and are charged, the refused ones give their hold back', async () => {
    const h = await buildApiHarness();
    const root = await login(h.app, 'root', ROOT_PASSWORD);
    const plan = { title: 'Twice', price_amount: 1, duration_unit: 'day', duration_value: 1, total_amount: 1_000, quota_reset_period: 'never', max_purchase_per_user: 2 };
    const planId = (await root.call<{ id: number }>('POST', '/api/subscription/admin/plans', { plan })).body.data.id;
    const amy = await signUp(h.app, 'amy');
    await root.call('PUT', '/api/user/', { id: amy.userId, quota: 10 * PRICE });
    await tick();
    const tries = await Promise.all(Array.from({ length: 8 }, () => amy.call('POST', '/api/subscription/balance/pay', { plan_id: planId })));
    expect(tries.filter((t) => t.body.success)).toHaveLength(2);
    expect(new Set(tries.filter((t) => !t.body.success).map((t) => t.body.message))).toEqual(new Set(['已达到该套餐购买上限']));
    await tick();
    expect(await h.deps.subscriptions.countByUserPlan(amy.userId, planId)).toBe(2);
    const [balance] = await h.ledger.balances.users([amy.userId]);
    expect(balance?.quota).toBe(8 * PRICE);
    // No refused purchase still holds its price: all the wallet has left can be spent.
    expect(await h.deps.holds.available(amy.userId)).toBe(8 * PRICE);

    // Purchases that all pass new-api's check before paying (none bought yet) meet the limit where the subscription starts.
    const bob = await signUp(h.app, 'bob');
    await root.call('PUT', '/api/user/', { id: bob.userId, quota: 10 * PRICE });
    await tick();
    const user = await h.deps.users.byId(bob.userId);
    if (!user) throw new Error('no bob');
    const raced = await Promise.allSettled(Array.from({ length: 8 }, () => buyWithWallet(h.deps, user, planId, Math.floor(Date.now() / 1000))));
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(raced.filter((r) => r.status === 'rejected').map((r) => (r.reason as Error).message)).toEqual(Array(6).fill('已达到该套餐购买上限'));
    await tick();
    expect(await h.deps.subscriptions.countByUserPlan(bob.userId, planId)).toBe(2);
    expect((await h.ledger.balances.users([bob.userId]))[0]?.quota).toBe(8 * PRICE);
    expect(await h.deps.holds.available(bob.userId)).toBe(8 * PRICE);
  });
});
