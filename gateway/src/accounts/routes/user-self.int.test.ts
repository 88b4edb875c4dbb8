import { describe, expect, it } from 'vitest';
import { type Envelope, ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';
import { AuthMessages } from '../../http/errors.js';

describe('the own account: profile, deletion and the management access token', () => {
  it('updates the display name, and refuses one over 20 characters', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    expect((await alice.call('PUT', '/api/user/self', { display_name: 'Alice A.' })).body.success).toBe(true);
    expect((await alice.call<{ display_name: string }>('GET', '/api/user/self')).body.data.display_name).toBe('Alice A.');
    const long = await alice.call('PUT', '/api/user/self', { display_name: 'x'.repeat(21) });
    expect(long.body).toEqual({ success: false, message: '显示名称长度不得超过 20 位！' });
  });

  it('checks a new password against the rules before the original one', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const short = await alice.call('PUT', '/api/user/self', { password: 'short', original_password: 'password123' });
    expect(short.body.message).toBe('密码长度不得小于 8 位！');
    const missing = await alice.call('PUT', '/api/user/self', { password: 'newpassword1' });
    expect(missing.body.message).toBe('原密码错误');
    await expect(login(app, 'alice', 'password123')).resolves.toBeDefined();
  });

  it('deactivates the own account: the session ends and the name can no longer sign in', async () => {
    const { app, deps } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const { body } = await alice.call('DELETE', '/api/user/self');
    expect(body.success).toBe(true);
    expect((await deps.users.byId(alice.userId))?.deletedAt).toBeGreaterThan(0);
    expect((await alice.call('GET', '/api/user/self')).status).toBe(401);
    await expect(login(app, 'alice', 'password123')).rejects.toThrow('用户名或密码错误');
  });

  it('never deletes the super administrator', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const { body } = await root.call('DELETE', '/api/user/self');
    expect(body).toEqual({ success: false, message: '不能删除超级管理员账户' });
    await expect(login(app, 'root', ROOT_PASSWORD)).resolves.toBeDefined();
  });

  it('issues an access token that works as Authorization with the user-id header, and replaces the old one', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const first = (await alice.call<string>('GET', '/api/user/token')).body.data;
    expect(first).toMatch(/^[A-Za-z0-9]{32}$/);
    const asToken = (token: string, userId = alice.userId) =>
      app.inject({ method: 'GET', url: '/api/user/self', headers: { authorization: token, 'new-api-user': String(userId) } });
    const self = await asToken(first);
    expect(self.statusCode).toBe(200);
    expect(self.json<Envelope<{ username: string }>>().data.username).toBe('alice');
    expect((await asToken(`Bearer ${first}`)).statusCode).toBe(200);
    const mismatch = await asToken(first, alice.userId + 1);
    expect(mismatch.statusCode).toBe(401);
    expect(mismatch.json<Envelope>().message).toBe(AuthMessages.userHeaderMismatch);
    const second = (await alice.call<string>('GET', '/api/user/token')).body.data;
    expect(second).not.toBe(first);
    const stale = await asToken(first);
    expect(stale.statusCode).toBe(401);
    expect(stale.json<Envelope>().message).toBe(AuthMessages.badAccessToken);
    expect((await asToken(second)).statusCode).toBe(200);
  });

  it('lets an access token reach the admin calls of an administrator only', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const token = (await root.call<string>('GET', '/api/user/token')).body.data;
    const users = await app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: token, 'new-api-user': String(root.userId) } });
    expect(users.json<Envelope>().success).toBe(true);
    const alice = await signUp(app, 'alice');
    const aliceToken = (await alice.call<string>('GET', '/api/user/token')).body.data;
    const refused = await app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: aliceToken, 'new-api-user': String(alice.userId) } });
    expect(refused.statusCode).toBe(403);
  });
});
