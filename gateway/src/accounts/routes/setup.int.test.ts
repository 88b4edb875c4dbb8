import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password.js';
import { buildApiHarness, login, ROOT_PASSWORD, signUp } from '../../../test/api-app.js';

const wizard = { username: 'boss', password: 'longpass1', confirmPassword: 'longpass1', SelfUseModeEnabled: false, DemoSiteEnabled: false };

describe('the first-run wizard (/api/setup)', () => {
  it('is open until it has run: /api/status says setup false, GET /api/setup says root exists', async () => {
    const { app } = await buildApiHarness();
    expect((await app.inject({ method: 'GET', url: '/api/status' })).json().data.setup).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({ success: true, message: '', data: { status: false, root_init: true, database_type: 'sqlite' } });
  });

  it('refuses bad input with new-api\'s messages, changing nothing', async () => {
    const { app } = await buildApiHarness();
    const post = async (payload: object) => (await app.inject({ method: 'POST', url: '/api/setup', payload })).json();
    expect(await post({ ...wizard, confirmPassword: 'other-pass' })).toEqual({ success: false, message: '两次输入的密码不一致' });
    expect(await post({ ...wizard, password: 'short', confirmPassword: 'short' })).toEqual({ success: false, message: '密码长度至少为8个字符' });
    expect(await post({ ...wizard, username: 'a-very-long-name' })).toEqual({ success: false, message: '用户名长度不能超过12个字符' });
    expect(await post({ password: 'x' })).toEqual({ success: false, message: '请求参数有误' });
    await login(app, 'root', ROOT_PASSWORD);
    expect((await app.inject({ method: 'GET', url: '/api/status' })).json().data.setup).toBe(false);
  });

  it('SetupCompleted: names root and sets its password once; then status says setup true, a second run is refused, and only the wizard sets the option', async () => {
    const { app } = await buildApiHarness();
    const answer = await app.inject({ method: 'POST', url: '/api/setup', payload: wizard });
    expect(answer.json()).toEqual({ success: true, message: '系统初始化成功' });
    await expect(login(app, 'root', ROOT_PASSWORD)).rejects.toThrow();
    const boss = await login(app, 'boss', 'longpass1');
    expect((await boss.call<{ role: number }>('GET', '/api/user/self')).body.data.role).toBe(100);
    expect((await app.inject({ method: 'GET', url: '/api/status' })).json().data.setup).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/setup' })).json().data).toMatchObject({ status: true });
    expect((await app.inject({ method: 'POST', url: '/api/setup', payload: { ...wizard, username: 'thief' } })).json()).toEqual({ success: false, message: '系统已经初始化完成' });
    expect((await boss.call('PUT', '/api/option/', { key: 'SetupCompleted', value: 'false' })).body).toEqual({ success: false, message: '系统初始化状态只能由初始化向导设置' });
  });

  it('lets only one of two racing wizards rename root', async () => {
    const { app } = await buildApiHarness();
    const answers = await Promise.all(['first', 'second'].map((username) => app.inject({ method: 'POST', url: '/api/setup', payload: { ...wizard, username } })));
    expect(answers.map((a) => a.json().success).sort()).toEqual([false, true]);
  });

  it('is over once root changes its default password itself: an anonymous wizard can no longer take root over', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    expect((await root.call('PUT', '/api/user/self', { password: 'mine-now-1', original_password: ROOT_PASSWORD })).body).toMatchObject({ success: true });
    expect((await app.inject({ method: 'GET', url: '/api/status' })).json().data.setup).toBe(true);
    const attack = await app.inject({ method: 'POST', url: '/api/setup', payload: { ...wizard, username: 'root' } });
    expect(attack.json()).toEqual({ success: false, message: '系统已经初始化完成' });
    await expect(login(app, 'root', 'longpass1')).rejects.toThrow();
    expect((await root.call<{ username: string }>('GET', '/api/user/self')).body.data.username).toBe('root');
    await login(app, 'root', 'mine-now-1');
  });

  it('is over when root\'s password is no longer the default by any path, even one that did not set the option', async () => {
    const { app, deps } = await buildApiHarness();
    const root = await deps.users.byUsername('root');
    await deps.users.update(root?.id ?? 0, { passwordHash: await hashPassword('changed-elsewhere') });
    expect((await app.inject({ method: 'POST', url: '/api/setup', payload: wizard })).json()).toEqual({ success: false, message: '系统已经初始化完成' });
    // Found out, it is remembered: status says so from now on.
    expect((await app.inject({ method: 'GET', url: '/api/status' })).json().data.setup).toBe(true);
  });

  it('is over once root makes an administrator with a password of its own', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const helper = await signUp(app, 'helper');
    expect((await root.call('POST', '/api/user/manage', { id: helper.userId, action: 'promote' })).body).toMatchObject({ success: true });
    expect((await app.inject({ method: 'GET', url: '/api/status' })).json().data.setup).toBe(true);
    expect((await app.inject({ method: 'POST', url: '/api/setup', payload: wizard })).json()).toEqual({ success: false, message: '系统已经初始化完成' });
  });

  it('records SetupCompleted in the audit trail, with no secret in it, and signs out whoever was root with the default password', async () => {
    const { app, deps } = await buildApiHarness();
    const squatter = await login(app, 'root', ROOT_PASSWORD);
    expect((await app.inject({ method: 'POST', url: '/api/setup', payload: wizard, remoteAddress: '203.0.113.9' })).json()).toMatchObject({ success: true });
    expect((await squatter.call('GET', '/api/user/self')).status).toBe(401);
    const { items } = await deps.auditTrail.page({ type: 'SetupCompleted' }, 0, 10);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'SetupCompleted', actor: { username: 'boss' }, address: '203.0.113.9', before: { username: 'root' }, after: { username: 'boss' } });
    expect(JSON.stringify(items[0])).not.toContain('longpass1');
  });

  it('lets one of twenty racing wizards through, once ever', async () => {
    const { app } = await buildApiHarness();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => app.inject({ method: 'POST', url: '/api/setup', payload: { ...wizard, username: `boss${i}` } })));
    expect(answers.filter((a) => a.json().success)).toHaveLength(1);
    const later = await app.inject({ method: 'POST', url: '/api/setup', payload: { ...wizard, username: 'late' } });
    expect(later.json()).toEqual({ success: false, message: '系统已经初始化完成' });
  });
});
