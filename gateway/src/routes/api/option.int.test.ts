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

  it('refuses JSON options that are not JSON objects and numbers that are not numbers', async () => {
    const { app, deps } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    for (const key of ['ModelRatio', 'CompletionRatio', 'GroupRatio', 'ModelPrice', 'UserUsableGroups']) {
      for (const value of ['{not json', '[1,2]', '3']) {
        const { status, body } = await root.call('PUT', '/api/option/', { key, value });
        expect(status).toBe(200);
        expect(body.success, `${key}=${value}`).toBe(false);
        expect(body.message).toContain(key);
      }
    }
    expect((await root.call('PUT', '/api/option/', { key: 'QuotaPerUnit', value: 'abc' })).body.message).toBe('QuotaPerUnit 必须是数字');
    expect(deps.options.number('QuotaPerUnit')).toBe(500000);
    expect((await root.call('PUT', '/api/option/', { key: 'GroupRatio', value: '{"default":1,"vip":2}' })).body.success).toBe(true);
    expect(deps.options.numberMap('GroupRatio')).toEqual({ default: 1, vip: 2 });
  });

  it("refuses a top-up group ratio with the spec's text, and a data export interval that is not a number", async () => {
    const { app, deps } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    expect((await root.call('PUT', '/api/option/', { key: 'TopupGroupRatio', value: 'vip=2' })).body.message).toBe('充值分组倍率不是合法的 JSON 字符串');
    expect((await root.call('PUT', '/api/option/', { key: 'DataExportInterval', value: 'often' })).body.message).toBe('DataExportInterval 必须是数字');
    expect(deps.options.string('DataExportInterval')).toBe('5');
    expect((await root.call('PUT', '/api/option/', { key: 'TopupGroupRatio', value: '{"default":1,"vip":1.5}' })).body.success).toBe(true);
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
