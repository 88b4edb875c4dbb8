import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';

const channel = { name: 'c', type: 1, key: 'sk-upstream-secret', base_url: '', models: 'm', group: 'default', model_mapping: '', priority: 0, weight: 0 };

describe('key reveal calls', () => {
  it('POST /api/token/:id/key answers { key } of the caller\'s own token, uncached; another user\'s reads as missing', async () => {
    const { app } = await buildApiHarness();
    const amy = await signUp(app, 'amy');
    const bob = await signUp(app, 'bob');
    const created = await amy.call<{ id: number; key: string }>('POST', '/api/token/', { name: 'k', remain_quota: 10 });
    const answer = await app.inject({ method: 'POST', url: `/api/token/${created.body.data.id}/key`, headers: { cookie: amy.cookie, 'new-api-user': String(amy.userId) } });
    const { key } = answer.json<{ data: { key: string } }>().data;
    expect(answer.json()).toEqual({ success: true, message: '', data: { key: expect.stringMatching(/^[A-Za-z0-9]{48}$/) } });
    expect(created.body.data.key).toBe(`${key.slice(0, 4)}**********${key.slice(-4)}`);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect((await bob.call('POST', `/api/token/${created.body.data.id}/key`)).body).toEqual({ success: false, message: '令牌不存在' });
    expect((await amy.call('POST', '/api/token/abc/key')).body.message).toBe('无效的参数');
  });

  it('POST /api/channel/:id/key answers the channel key to the super administrator only', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const [id] = (await root.call<number[]>('POST', '/api/channel/', { mode: 'single', channel })).body.data;
    expect((await root.call('POST', `/api/channel/${id}/key`)).body).toEqual({ success: true, message: '', data: { key: 'sk-upstream-secret' } });
    const admin = await signUp(app, 'admin1');
    await root.call('POST', '/api/user/manage', { id: admin.userId, action: 'promote' });
    const refused = await admin.call('POST', `/api/channel/${id}/key`);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('sk-upstream-secret');
    expect((await root.call('POST', '/api/channel/999/key')).body).toEqual({ success: false, message: '渠道不存在' });
  });
});
