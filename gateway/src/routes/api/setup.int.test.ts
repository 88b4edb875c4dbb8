import { describe, expect, it } from 'vitest';
import { buildApiHarness, login, ROOT_PASSWORD } from '../../../test/api-app.js';

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
});
