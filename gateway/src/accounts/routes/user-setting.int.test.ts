import { describe, expect, it } from 'vitest';
import { buildApiHarness, login, ROOT_PASSWORD, signUp } from '../../../test/api-app.js';

const email = { notify_type: 'email', quota_warning_threshold: 500000, notification_email: 'alerts@example.com', accept_unset_model_ratio_model: false, record_ip_log: true };

describe('PUT /api/user/setting and /api/user/self setting', () => {
  it("stores new-api's fields and reads them back as the JSON text of `setting`", async () => {
    const { app } = await buildApiHarness();
    const amy = await signUp(app, 'amy');
    expect((await amy.call<{ setting: string }>('GET', '/api/user/self')).body.data.setting).toBe('');
    expect((await amy.call('PUT', '/api/user/setting', email)).body).toEqual({ success: true, message: '设置已更新' });
    const self = await amy.call<{ setting: string }>('GET', '/api/user/self');
    expect(JSON.parse(self.body.data.setting)).toEqual(email);
    const hook = { notify_type: 'webhook', quota_warning_threshold: 1000, webhook_url: 'https://hook.example/warn', webhook_secret: 'shh' };
    await amy.call('PUT', '/api/user/setting', hook);
    expect(JSON.parse((await amy.call<{ setting: string }>('GET', '/api/user/self')).body.data.setting)).toMatchObject(hook);
  });

  it("refuses what new-api refuses, with its messages, keeping the saved setting", async () => {
    const { app } = await buildApiHarness();
    const amy = await signUp(app, 'amy');
    await amy.call('PUT', '/api/user/setting', email);
    const put = async (body: object) => (await amy.call('PUT', '/api/user/setting', body)).body.message;
    expect(await put({ ...email, notify_type: 'pigeon' })).toBe('无效的预警类型');
    expect(await put({ ...email, quota_warning_threshold: 0 })).toBe('预警阈值必须大于0');
    expect(await put({ notify_type: 'webhook', quota_warning_threshold: 5 })).toBe('Webhook地址不能为空');
    expect(await put({ notify_type: 'webhook', quota_warning_threshold: 5, webhook_url: 'ftp://x' })).toBe('无效的Webhook地址');
    expect(await put({ ...email, notification_email: 'not-an-email' })).toBe('无效的邮箱地址');
    expect(await put({ ...email, quota_warning_threshold: 'lots' })).toBe('无效的参数');
    expect(JSON.parse((await amy.call<{ setting: string }>('GET', '/api/user/self')).body.data.setting)).toEqual(email);
  });

  it('keeps the setting (and its webhook secret) out of the admin user list', async () => {
    const { app } = await buildApiHarness();
    const amy = await signUp(app, 'amy');
    await amy.call('PUT', '/api/user/setting', { notify_type: 'webhook', quota_warning_threshold: 5, webhook_url: 'https://h.example', webhook_secret: 'top-secret' });
    const root = await login(app, 'root', ROOT_PASSWORD);
    expect(JSON.stringify((await root.call('GET', '/api/user/?p=1')).body)).not.toContain('top-secret');
  });
});
