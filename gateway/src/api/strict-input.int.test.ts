import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login } from '../../test/api-app.js';

const channel = { name: 'openai', type: 1, key: 'sk-one', base_url: 'https://api.example.com', models: 'gpt-4o', group: 'default' };

describe('strict integers in headers, paths and queries', () => {
  it('reads New-Api-User only as decimal digits (regression: 0x1 was read as user 1)', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    expect((await root.call('GET', '/api/user/self')).body.success).toBe(true);
    for (const spelled of ['0x1', '1e0', '01.0', ' 1', '0b1']) {
      const answer = await root.call('GET', '/api/user/self', undefined, { 'new-api-user': spelled });
      expect(answer.status, spelled).toBe(401);
      expect(answer.body.success).toBe(false);
    }
  });

  it('refuses an id in the path that is not decimal, and reads a non-decimal page size as absent', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const [id] = (await root.call<number[]>('POST', '/api/channel/', { mode: 'single', channel })).body.data;
    expect((await root.call('GET', `/api/channel/${id}`)).body.success).toBe(true);
    expect((await root.call('GET', `/api/channel/0x${id?.toString(16)}`)).body).toEqual({ success: false, message: '无效的参数' });
    expect((await root.call('GET', '/api/user/1e0')).body).toEqual({ success: false, message: '无效的参数' });
    expect((await root.call<{ page_size: number }>('GET', '/api/channel/?p=0&page_size=0x5')).body.data.page_size).toBe(10);
    expect((await root.call<{ page_size: number }>('GET', '/api/channel/?p=0&page_size=5')).body.data.page_size).toBe(5);
  });
});

describe('admin fields', () => {
  it('refuses a channel base URL that is not http(s) (regression: file:/// was stored), on create and on update', async () => {
    const { app, deps } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const refusal = { success: false, message: 'base_url 必须是 http:// 或 https:// 开头的地址' };
    for (const base_url of ['file:///etc/passwd', 'javascript:alert(1)', 'gopher://x', 'api.example.com']) {
      expect((await root.call('POST', '/api/channel/', { mode: 'single', channel: { ...channel, base_url } })).body, base_url).toEqual(refusal);
    }
    const [id] = (await root.call<number[]>('POST', '/api/channel/', { mode: 'single', channel: { ...channel, base_url: '' } })).body.data;
    expect((await root.call('PUT', '/api/channel/', { id, base_url: 'file:///etc/passwd' })).body).toEqual(refusal);
    expect((await deps.channels.all()).map((c) => c.baseUrl)).toEqual(['']);
    expect((await root.call('PUT', '/api/channel/', { id, weight: '0x10' })).body).toEqual({ success: false, message: 'weight 必须是整数' });
  });

  it("refuses a negative quota on a user's edit and changes no balance (regression: the ledger was set below zero)", async () => {
    const { app, deps } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    expect((await root.call('PUT', '/api/user/', { id: 1, quota: -500 })).body).toEqual({ success: false, message: '额度不能为负数' });
    expect((await root.call('PUT', '/api/user/', { id: 1, quota: '0x10' })).body).toEqual({ success: false, message: 'quota 必须是整数' });
    expect((await deps.balances.users([1]))[0]?.quota ?? 0).toBe(0);
    expect((await root.call('PUT', '/api/user/', { id: 1, quota: '250' })).body.success).toBe(true);
    await expect.poll(async () => (await deps.balances.users([1]))[0]?.quota).toBe(250);
  });

  it('refuses negative or non-decimal token, redemption and top-up amounts, naming the field', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const token = { name: 'k', remain_quota: -1, expired_time: -1, unlimited_quota: false };
    expect((await root.call('POST', '/api/token/', token)).body).toEqual({ success: false, message: '令牌额度不能为负数' });
    expect((await root.call('POST', '/api/token/', { ...token, remain_quota: '1e3' })).body).toEqual({ success: false, message: 'remain_quota 必须是整数' });
    expect((await root.call('POST', '/api/redemption/', { name: 'r', quota: -5, count: 1 })).body).toMatchObject({ success: false, message: '额度必须大于0' });
    expect((await root.call('POST', '/api/user/amount', { amount: '0x10' })).body).toMatchObject({ success: false, data: '参数错误' });
    expect((await root.call('POST', '/api/user/amount', { amount: -10 })).body).toMatchObject({ success: false });
  });
});
