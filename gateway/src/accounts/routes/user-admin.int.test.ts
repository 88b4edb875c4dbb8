import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';
import type { Page } from '../../api/support/paging.js';

describe('user management', () => {
  it('sets a quota with exactly one QuotaAdjusted of the difference, and answers the new balance', async () => {
    const { app, ledger } = await buildApiHarness({ QuotaForNewUser: '500000' });
    const alice = await signUp(app, 'alice');
    const root = await login(app, 'root', ROOT_PASSWORD);
    const { body } = await root.call<{ quota: number }>('PUT', '/api/user/', { id: alice.userId, username: 'alice', display_name: 'alice', group: 'default', quota: 1250000 });
    expect(body.success).toBe(true);
    expect(body.data.quota).toBe(1250000);
    const adjustments = ledger.ofType('QuotaAdjusted');
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]?.data).toEqual({ userId: alice.userId, username: 'alice', adminId: 1, delta: 750000, content: '管理员将用户额度从 ＄1.000000 额度修改为 ＄2.500000 额度' });
    await root.call('PUT', '/api/user/', { id: alice.userId, quota: 1250000 });
    expect(ledger.ofType('QuotaAdjusted')).toHaveLength(1);
  });

  it('words the quota in points when currency display is off', async () => {
    const { app, ledger } = await buildApiHarness({ DisplayInCurrencyEnabled: 'false' });
    const alice = await signUp(app, 'alice');
    const root = await login(app, 'root', ROOT_PASSWORD);
    await root.call('PUT', '/api/user/', { id: alice.userId, quota: 100 });
    expect(ledger.ofType('QuotaAdjusted')[0]?.data.content).toBe('管理员将用户额度从 0 点额度修改为 100 点额度');
  });

  it('lists and searches users with balances and without secrets', async () => {
    const { app } = await buildApiHarness();
    await signUp(app, 'alice');
    await signUp(app, 'bob');
    const root = await login(app, 'root', ROOT_PASSWORD);
    const list = await root.call<Page<{ username: string }>>('GET', '/api/user/?p=1&page_size=2');
    expect(list.body.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(list.body.data.items.map((u) => u.username)).toEqual(['bob', 'alice']);
    const search = await root.call<Page<{ username: string }>>('GET', '/api/user/search?keyword=ali&group=');
    expect(search.body.data.items.map((u) => u.username)).toEqual(['alice']);
    expect(JSON.stringify(list.body)).not.toContain('$argon2id');
  });

  it('keeps administrators off users of equal or higher role', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const bob = await signUp(app, 'bob');
    const root = await login(app, 'root', ROOT_PASSWORD);
    expect((await root.call<{ role: number; status: number }>('POST', '/api/user/manage', { id: alice.userId, action: 'promote' })).body.data).toEqual({ role: 10, status: 1 });
    await root.call('POST', '/api/user/manage', { id: bob.userId, action: 'promote' });
    const admin = await login(app, 'alice', 'password123');
    expect((await admin.call('PUT', '/api/user/', { id: bob.userId, quota: 5 })).body.message).toBe('无权更新同权限等级或更高权限等级的用户信息');
    expect((await admin.call('GET', '/api/user/1')).body.message).toBe('无权获取同级或更高等级用户的信息');
    expect((await admin.call('POST', '/api/user/manage', { id: 1, action: 'disable' })).body.message).toBe('无权更新同权限等级或更高权限等级的用户信息');
    expect((await admin.call('POST', '/api/user/', { username: 'carol', password: 'password123', role: 10 })).body.message).toBe('无法创建权限大于等于自己的用户');
    expect((await admin.call('POST', '/api/user/', { username: 'carol', password: 'password123' })).body.success).toBe(true);
  });

  it('applies manage actions with new-api rules', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const root = await login(app, 'root', ROOT_PASSWORD);
    const manage = async (id: number, action: string) => (await root.call<{ status: number; role: number }>('POST', '/api/user/manage', { id, action })).body;
    expect((await manage(1, 'disable')).message).toBe('无法禁用超级管理员用户');
    expect((await manage(1, 'delete')).message).toBe('无法删除超级管理员用户');
    expect((await manage(alice.userId, 'demote')).message).toBe('该用户已经是普通用户');
    expect((await manage(alice.userId, 'disable')).data).toEqual({ status: 2, role: 1 });
    // Disabling ended the session: the old cookie is signed out (401), not just refused.
    expect((await alice.call('GET', '/api/user/self')).status).toBe(401);
    expect((await manage(alice.userId, 'enable')).data).toEqual({ status: 1, role: 1 });
    expect((await manage(alice.userId, 'delete')).success).toBe(true);
    await expect(login(app, 'alice', 'password123')).rejects.toThrow('用户名或密码错误，或用户已被封禁');
    expect((await manage(999, 'enable')).message).toBe('用户不存在');
  });
});
