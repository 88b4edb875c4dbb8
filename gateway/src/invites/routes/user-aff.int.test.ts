import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';

const register = (app: Awaited<ReturnType<typeof buildApiHarness>>['app'], username: string, affCode: string) =>
  app.inject({ method: 'POST', url: '/api/user/register', payload: { username, password: 'password123', aff_code: affCode } });

interface Self {
  quota: number;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
}

describe('invite codes, invite rewards and their transfer into quota', () => {
  it('answers the same invite code on every call', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const first = (await alice.call<string>('GET', '/api/user/aff')).body.data;
    expect(first).toMatch(/^[A-Za-z0-9]{4}$/);
    expect((await alice.call<string>('GET', '/api/user/aff')).body.data).toBe(first);
    expect((await alice.call<Self>('GET', '/api/user/self')).body.data.aff_code).toBe(first);
  });

  it('QuotaForNewUser, QuotaForInviter, QuotaForInvitee: as saved, the new user, the invitee and the inviter get them, with new-api log rows', async () => {
    const { app, ledger } = await buildApiHarness({ DisplayInCurrencyEnabled: 'false' });
    const root = await login(app, 'root', ROOT_PASSWORD);
    const save = async (values: Record<string, string>) => {
      for (const [key, value] of Object.entries(values)) expect((await root.call('PUT', '/api/option/', { key, value })).body.success).toBe(true);
    };
    await save({ QuotaForNewUser: '100', QuotaForInviter: '2000', QuotaForInvitee: '300' });
    const alice = await signUp(app, 'alice');
    const code = (await alice.call<string>('GET', '/api/user/aff')).body.data;
    await register(app, 'bob', code);
    await save({ QuotaForNewUser: '10', QuotaForInviter: '500', QuotaForInvitee: '30' });
    await register(app, 'carol', code);
    expect((await alice.call<Self>('GET', '/api/user/self')).body.data).toMatchObject({ quota: 100, aff_count: 2, aff_quota: 2500, aff_history_quota: 2500 });
    const bob = await login(app, 'bob', 'password123');
    expect((await bob.call<Self>('GET', '/api/user/self')).body.data).toMatchObject({ quota: 400, aff_quota: 0 });
    const carol = await login(app, 'carol', 'password123');
    expect((await carol.call<Self>('GET', '/api/user/self')).body.data).toMatchObject({ quota: 40 });
    const rows = ledger.ofType('QuotaGranted').map((e) => [e.data.userId, e.data.amount, e.data.content]);
    expect(rows).toContainEqual([bob.userId, 100, '新用户注册赠送 100 点额度']);
    expect(rows).toContainEqual([bob.userId, 300, '使用邀请码赠送 300 点额度']);
    const rewards = ledger.ofType('InviterRewarded').map((e) => [e.data.userId, e.data.inviteeId, e.data.amount, e.data.content]);
    expect(rewards).toEqual([
      [alice.userId, bob.userId, 2000, '邀请用户赠送 2000 点额度'],
      [alice.userId, carol.userId, 500, '邀请用户赠送 500 点额度'],
    ]);
    expect(rows.filter(([userId]) => userId === alice.userId)).toEqual([[alice.userId, 100, '新用户注册赠送 100 点额度']]);
    expect(rows).toContainEqual([carol.userId, 30, '使用邀请码赠送 30 点额度']);
  });

  it('ignores an unknown invite code', async () => {
    const { app, ledger } = await buildApiHarness({ QuotaForInvitee: '300' });
    expect((await register(app, 'bob', 'nope')).json()).toMatchObject({ success: true });
    expect(ledger.ofType('QuotaGranted')).toHaveLength(0);
  });

  it('counts no invitee and writes no row when QuotaForInviter is 0, as new-api', async () => {
    const { app, ledger } = await buildApiHarness({ QuotaForInviter: '0' });
    const alice = await signUp(app, 'alice');
    await register(app, 'bob', (await alice.call<string>('GET', '/api/user/aff')).body.data);
    expect(ledger.ofType('InviterRewarded')).toHaveLength(0);
    expect((await alice.call<Self>('GET', '/api/user/self')).body.data).toMatchObject({ aff_count: 0, aff_quota: 0 });
  });

  it('transfers invite quota into quota through the ledger, at least one QuotaPerUnit', async () => {
    const { app, ledger } = await buildApiHarness({ QuotaPerUnit: '1000', QuotaForInviter: '2500' });
    const alice = await signUp(app, 'alice');
    await register(app, 'bob', (await alice.call<string>('GET', '/api/user/aff')).body.data);
    const small = await alice.call('POST', '/api/user/aff_transfer', { quota: 999 });
    expect(small.body).toEqual({ success: false, message: '划转失败 转移额度最小为＄1.000000 额度！' });
    const tooMuch = await alice.call('POST', '/api/user/aff_transfer', { quota: 3000 });
    expect(tooMuch.body).toEqual({ success: false, message: '划转失败 邀请额度不足！' });
    const done = await alice.call('POST', '/api/user/aff_transfer', { quota: 2000 });
    expect(done.body).toEqual({ success: true, message: '划转成功' });
    expect((await alice.call<Self>('GET', '/api/user/self')).body.data).toMatchObject({ quota: 2000, aff_quota: 500, aff_history_quota: 2500 });
    expect(ledger.ofType('AffQuotaTransferred').map((e) => e.data)).toEqual([
      expect.objectContaining({ userId: alice.userId, amount: 2000, content: '邀请额度划转 ＄2.000000 额度' }),
    ]);
  });

  it('refuses a body without a whole positive quota', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    for (const payload of [{}, { quota: 'lots' }, { quota: 1.5 }, { quota: -1 }]) {
      expect((await alice.call('POST', '/api/user/aff_transfer', payload)).body).toEqual({ success: false, message: '无效的参数' });
    }
  });

  it('lets only one of fifty concurrent transfers spend the same reward', async () => {
    const { app, ledger } = await buildApiHarness({ QuotaPerUnit: '1000', QuotaForInviter: '1000' });
    const alice = await signUp(app, 'alice');
    await register(app, 'bob', (await alice.call<string>('GET', '/api/user/aff')).body.data);
    const results = await Promise.all(Array.from({ length: 50 }, () => alice.call('POST', '/api/user/aff_transfer', { quota: 1000 })));
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect(ledger.ofType('AffQuotaTransferred')).toHaveLength(1);
    expect((await alice.call<Self>('GET', '/api/user/self')).body.data).toMatchObject({ quota: 1000, aff_quota: 0 });
  });

  it('keeps the invite quota when the ledger refuses the transfer, so a later one can spend it', async () => {
    const { app, ledger } = await buildApiHarness({ QuotaPerUnit: '1000', QuotaForInviter: '1000' });
    const alice = await signUp(app, 'alice');
    await register(app, 'bob', (await alice.call<string>('GET', '/api/user/aff')).body.data);
    const append = ledger.eventLog.append;
    ledger.eventLog.append = async () => {
      throw new Error('broker down');
    };
    expect((await alice.call('POST', '/api/user/aff_transfer', { quota: 1000 })).status).toBe(500);
    ledger.eventLog.append = append;
    expect((await alice.call('POST', '/api/user/aff_transfer', { quota: 1000 })).body).toEqual({ success: true, message: '划转成功' });
    expect((await alice.call<Self>('GET', '/api/user/self')).body.data).toMatchObject({ quota: 1000, aff_quota: 0 });
  });

  it('counts a transfer the ledger has not applied yet against the invite quota', async () => {
    const { app, ledger } = await buildApiHarness({ QuotaPerUnit: '1000', QuotaForInviter: '1500' });
    const alice = await signUp(app, 'alice');
    await register(app, 'bob', (await alice.call<string>('GET', '/api/user/aff')).body.data);
    ledger.hold();
    expect((await alice.call('POST', '/api/user/aff_transfer', { quota: 1000 })).body.success).toBe(true);
    // The ledger still shows 1500 of invite quota; the hold on 1000 leaves 500.
    expect((await alice.call<Self>('GET', '/api/user/self')).body.data).toMatchObject({ aff_quota: 1500 });
    expect((await alice.call('POST', '/api/user/aff_transfer', { quota: 1000 })).body).toEqual({ success: false, message: '划转失败 邀请额度不足！' });
  });
});
