import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';
import { acquireUserHold } from '../../billing/balance-hold.js';

async function setUp() {
  const harness = await buildApiHarness({ QuotaForNewUser: '500000' });
  const alice = await signUp(harness.app, 'alice');
  const root = await login(harness.app, 'root', ROOT_PASSWORD);
  const quota = async () => (await root.call<{ quota: number }>('GET', `/api/user/${alice.userId}`)).body.data.quota;
  const adjust = (mode: string, value: unknown) => root.call('POST', '/api/user/manage', { id: alice.userId, action: 'add_quota', mode, value });
  return { ...harness, alice, root, quota, adjust };
}

describe("POST /api/user/manage action add_quota (new-api's mode and value)", () => {
  it('adds, subtracts and overrides through the ledger, one admin adjustment event each with its cause', async () => {
    const { ledger, quota, adjust, alice } = await setUp();
    expect((await adjust('add', 250000)).body).toEqual({ success: true, message: '', data: { status: 1, role: 1 } });
    expect(await quota()).toBe(750000);
    await adjust('subtract', 100000);
    expect(await quota()).toBe(650000);
    await adjust('override', 1000000);
    expect(await quota()).toBe(1000000);
    expect(ledger.ofType('QuotaAdjusted').map((e) => e.data)).toEqual([
      { userId: alice.userId, username: 'alice', adminId: 1, delta: 250000, content: '管理员增加用户额度 ＄0.500000 额度' },
      { userId: alice.userId, username: 'alice', adminId: 1, delta: -100000, content: '管理员减少用户额度 ＄0.200000 额度', holdId: expect.any(String) },
      { userId: alice.userId, username: 'alice', adminId: 1, delta: 350000, content: '管理员将用户额度从 ＄1.300000 额度修改为 ＄2.000000 额度' },
    ]);
  });

  it('never takes a balance below zero: subtracting more than there is takes what there is', async () => {
    const { ledger, quota, adjust } = await setUp();
    expect((await adjust('subtract', 9_000_000)).body.message).toBe('用户可用额度（余额减去进行中的请求占用的部分）不足，实际减少 ＄1.000000 额度');
    expect(await quota()).toBe(0);
    expect(ledger.ofType('QuotaAdjusted').at(-1)?.data.delta).toBe(-500000);
    expect((await adjust('subtract', 1)).body.message).toBe('用户可用额度（余额减去进行中的请求占用的部分）不足，实际减少 ＄0.000000 额度');
    expect(ledger.ofType('QuotaAdjusted')).toHaveLength(1);
    expect((await adjust('override', -5)).body).toEqual({ success: false, message: '额度不能为负数' });
    expect(await quota()).toBe(0);
  });

  it('refuses a zero, negative or non-whole change and an unknown mode, changing nothing', async () => {
    const { ledger, adjust } = await setUp();
    expect((await adjust('add', 0)).body).toEqual({ success: false, message: '额度变更值必须大于0' });
    expect((await adjust('subtract', -3)).body.message).toBe('额度变更值必须大于0');
    expect((await adjust('add', 1.5)).body.message).toBe('value 必须是整数');
    expect((await adjust('double', 10)).body.message).toBe('无效的参数');
    expect(ledger.ofType('QuotaAdjusted')).toHaveLength(0);
  });

  it('lets an administrator adjust only users below them', async () => {
    const { app, root, adjust } = await setUp();
    const admin = await signUp(app, 'admin1');
    await root.call('POST', '/api/user/manage', { id: admin.userId, action: 'promote' });
    const byAdmin = await admin.call('POST', '/api/user/manage', { id: root.userId, action: 'add_quota', mode: 'add', value: 10 });
    expect(byAdmin.body).toEqual({ success: false, message: '无权更新同权限等级或更高权限等级的用户信息' });
    expect((await adjust('add', 1)).body.success).toBe(true);
  });
});

describe('an admin decrease while calls in flight hold part of the balance (issue #23)', () => {
  const IN_FLIGHT = 300000;

  /** Alice (500000) with one call in flight holding 300000 of it, on the relay's hold store. */
  async function withCallInFlight() {
    const setup = await setUp();
    const { deps, alice } = setup;
    const call = { holdId: 'call-1', userId: alice.userId, least: IN_FLIGHT, most: IN_FLIGHT, ttlMs: 60_000 };
    expect(await acquireUserHold(deps.holds, call, () => deps.balances.users([alice.userId]))).toEqual({ ok: true, granted: IN_FLIGHT });
    return setup;
  }

  it('subtracts only what alice can spend, says what it took, and the ledger settles its hold with the debit', async () => {
    const { deps, ledger, quota, adjust, alice } = await withCallInFlight();
    expect((await adjust('subtract', 500000)).body.message).toBe('用户可用额度（余额减去进行中的请求占用的部分）不足，实际减少 ＄0.400000 额度');
    expect(await quota()).toBe(IN_FLIGHT);
    const [event] = ledger.ofType('QuotaAdjusted');
    expect(event?.data).toMatchObject({ delta: -200000, holdId: expect.stringMatching(/^admin-/) });
    // The debit's hold went with the event; the call's is all that is still held.
    expect(await deps.holds.available(alice.userId)).toBe(0);
  });

  it('refuses an override below the held part, naming it, and changes nothing; at or above it, it holds and settles', async () => {
    const { deps, ledger, quota, adjust, alice } = await withCallInFlight();
    expect((await adjust('override', 100000)).body).toEqual({ success: false, message: '用户有 ＄0.600000 额度正被进行中的请求占用，暂时不能将额度改到 ＄0.600000 额度以下' });
    expect(await quota()).toBe(500000);
    expect(ledger.ofType('QuotaAdjusted')).toHaveLength(0);
    expect((await adjust('override', IN_FLIGHT)).body.success).toBe(true);
    expect(await quota()).toBe(IN_FLIGHT);
    expect(ledger.ofType('QuotaAdjusted')[0]?.data).toMatchObject({ delta: -200000, holdId: expect.stringMatching(/^admin-/) });
    expect(await deps.holds.available(alice.userId)).toBe(0);
  });

  it('PUT /api/user/ refuses a lower quota the same way before writing any field', async () => {
    const { root, quota, ledger, alice, deps } = await withCallInFlight();
    const refused = await root.call('PUT', '/api/user/', { id: alice.userId, display_name: 'Alice', quota: 0 });
    expect(refused.body).toEqual({ success: false, message: '用户有 ＄0.600000 额度正被进行中的请求占用，暂时不能将额度改到 ＄0.600000 额度以下' });
    expect((await deps.users.byId(alice.userId))?.displayName).not.toBe('Alice');
    expect(await quota()).toBe(500000);
    expect((await root.call('PUT', '/api/user/', { id: alice.userId, display_name: 'Alice', quota: 400000 })).body.success).toBe(true);
    expect(await quota()).toBe(400000);
    expect(ledger.ofType('QuotaAdjusted')[0]?.data).toMatchObject({ delta: -100000, holdId: expect.stringMatching(/^admin-/) });
  });
});
