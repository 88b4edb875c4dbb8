import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login } from '../../../test/api-app.js';

describe('option routes', () => {
  it('lists options without secrets', async () => {
    const { app, deps } = await buildApiHarness();
    await deps.options.set('GitHubClientSecret', 'shh');
    await deps.options.set('SMTPToken', 'shh');
    await deps.options.set('EpayKey', 'shh');
    const root = await login(app, 'root', ROOT_PASSWORD);
    const { body } = await root.call<{ key: string; value: string }[]>('GET', '/api/option/');
    const keys = body.data.map((o) => o.key);
    expect(keys).toContain('ModelRatio');
    expect(keys.filter((k) => /(Secret|Token|Key)$/.test(k))).toEqual([]);
    expect(JSON.stringify(body)).not.toContain('shh');
  });

  it('stores a value, tells the caches, and serves it in the status', async () => {
    const { app, notices } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    expect((await root.call('PUT', '/api/option/', { key: 'SystemName', value: 'Acme AI' })).body).toEqual({ success: true, message: '' });
    expect(notices).toContainEqual({ kind: 'options', id: undefined });
    const status = await app.inject({ method: 'GET', url: '/api/status' });
    expect(status.json()).toMatchObject({ success: true, data: { system_name: 'Acme AI', quota_per_unit: 500000, display_in_currency: true } });
  });

  it('refuses a value of the wrong kind with a message naming the key, and the value in force stays', async () => {
    const { app, deps, notices } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const refusals: [key: string, value: string, message: string][] = [
      ['ModelRatio', '{not json', 'ModelRatio 不是合法的 JSON 字符串'],
      ['GroupRatio', '[1,2]', 'GroupRatio 必须是 JSON 对象，且每个值都是非负数'],
      ['ModelPrice', '{"gpt-4o":-1}', 'ModelPrice 必须是 JSON 对象，且每个值都是非负数'],
      ['UserUsableGroups', '{"vip":2}', 'UserUsableGroups 必须是 JSON 对象，且每个值都是字符串'],
      ['TopupGroupRatio', 'vip=2', '充值分组倍率不是合法的 JSON 字符串'],
      ['Chats', '{"a":"b"}', 'Chats 必须是 JSON 数组，每一项形如 {"名称": "链接"}'],
      ['QuotaPerUnit', '0', 'QuotaPerUnit 必须是大于 0 的数'],
      ['RetryTimes', '1.5', 'RetryTimes 必须是非负整数'],
      ['PreConsumedQuota', '-1', 'PreConsumedQuota 必须是非负整数'],
      ['Price', 'abc', 'Price 必须是非负数'],
      ['DataExportInterval', 'often', 'DataExportInterval 必须是大于 0 的数'],
      ['DataExportDefaultTime', 'month', 'DataExportDefaultTime 只能是 hour、day、week 之一'],
      ['SMTPPort', '70000', 'SMTPPort 必须是 1 到 65535 之间的端口号'],
      ['LogConsumeEnabled', 'yes', 'LogConsumeEnabled 只能是 true 或 false'],
      ['ServerAddress', 'tollgate.example', 'ServerAddress 必须是以 http:// 或 https:// 开头的地址'],
      ['TopUpLink', 'javascript:alert(1)', 'TopUpLink 必须是以 http:// 或 https:// 开头的地址'],
      ['Logo', '//evil.example/x.png', 'Logo 必须是图片地址（http(s)://、/ 开头的路径或 data:image/）'],
      ['NoSuchOption', '1', '未知的配置项：NoSuchOption'],
    ];
    for (const [key, value, message] of refusals) {
      const before = deps.options.string(key);
      const { status, body } = await root.call('PUT', '/api/option/', { key, value });
      expect({ key, status, body }).toEqual({ key, status: 200, body: { success: false, message } });
      expect(deps.options.string(key)).toBe(before);
    }
    expect(notices.filter((n) => n.kind === 'options')).toEqual([]);
  });

  it('stores links without a trailing slash and the domain whitelist once per domain', async () => {
    const { app, deps } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    await root.call('PUT', '/api/option/', { key: 'ServerAddress', value: ' https://ai.example.com/ ' });
    await root.call('PUT', '/api/option/', { key: 'EmailDomainWhitelist', value: 'Gmail.com, qq.com\ngmail.com,,' });
    await root.call('PUT', '/api/option/', { key: 'GroupRatio', value: '{"default":1,"vip":2}' });
    expect(deps.options.string('ServerAddress')).toBe('https://ai.example.com');
    expect(deps.options.string('EmailDomainWhitelist')).toBe('gmail.com,qq.com');
    expect(deps.options.numberMap('GroupRatio')).toEqual({ default: 1, vip: 2 });
  });

  it('takes payment settings only once the server address is set (请先填写服务器地址)', async () => {
    const { app, deps } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    expect((await root.call('PUT', '/api/option/', { key: 'PayAddress', value: 'https://pay.example.com' })).body).toEqual({ success: false, message: '请先填写服务器地址' });
    expect((await root.call('PUT', '/api/option/', { key: 'PayAddress', value: '' })).body.success).toBe(true);
    await root.call('PUT', '/api/option/', { key: 'ServerAddress', value: 'https://ai.example.com' });
    expect((await root.call('PUT', '/api/option/', { key: 'EpayId', value: '1001' })).body.success).toBe(true);
    expect(deps.options.string('EpayId')).toBe('1001');
  });

  it('answers an unreadable body with 400, as new-api', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const { status, body } = await root.call('PUT', '/api/option/', { value: 'x' });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, message: '无效的参数' });
  });

  it('puts the model ratios back to the default table', async () => {
    const { app, deps, notices } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    await root.call('PUT', '/api/option/', { key: 'ModelRatio', value: '{"only-mine":3}' });
    expect((await root.call('POST', '/api/option/rest_model_ratio')).body).toEqual({ success: true, message: '' });
    const ratios = deps.options.numberMap('ModelRatio');
    expect(ratios['only-mine']).toBeUndefined();
    expect(ratios['gpt-4o']).toBe(1.25);
    expect(ratios['claude-sonnet-4-20250514']).toBe(1.5);
    expect(notices.filter((n) => n.kind === 'options')).toHaveLength(2);
  });

  it('needs the super administrator', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    await app.inject({ method: 'POST', url: '/api/user/register', payload: { username: 'alice', password: 'password123' } });
    const alice = await login(app, 'alice', 'password123');
    await root.call('POST', '/api/user/manage', { id: alice.userId, action: 'promote' });
    expect((await alice.call('PUT', '/api/option/', { key: 'SystemName', value: 'x' })).status).toBe(403);
  });
});
