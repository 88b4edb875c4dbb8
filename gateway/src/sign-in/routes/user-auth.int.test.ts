import { describe, expect, it } from 'vitest';
import { type Envelope, ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';
import { scryptHash } from '../../../test/support/inputs/scrypt-hash.js';
import { AuthMessages } from '../../http/errors.js';

describe('sign-up, sign-in and the session guard', () => {
  it('rejects calls without a session with 401 and the console message', async () => {
    const { app } = await buildApiHarness();
    const response = await app.inject({ method: 'GET', url: '/api/user/self' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: AuthMessages.notLoggedIn });
  });

  it('rejects a New-Api-User header naming someone else with 401', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const { status, body } = await alice.call('GET', '/api/user/self', undefined, { 'new-api-user': String(alice.userId + 1) });
    expect(status).toBe(401);
    expect(body.message).toBe(AuthMessages.userHeaderMismatch);
  });

  it('forbids an ordinary user the admin and root routes with 403', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    for (const url of ['/api/user/', '/api/channel/', '/api/option/', '/api/log/']) {
      const { status, body } = await alice.call('GET', url);
      expect(status, url).toBe(403);
      expect(body.message).toBe(AuthMessages.forbidden);
    }
  });

  it('QuotaForNewUser: registers with the new-user grant, logs in, reads self with ledger balances and no secrets, logs out', async () => {
    const { app, ledger } = await buildApiHarness({ QuotaForNewUser: '500000' });
    const alice = await signUp(app, 'alice');
    const grants = ledger.ofType('QuotaGranted');
    expect(grants).toHaveLength(1);
    expect(grants[0]?.data).toMatchObject({ userId: alice.userId, amount: 500000, logType: 4, content: '新用户注册赠送 ＄1.000000 额度' });
    const { body } = await alice.call<Record<string, unknown>>('GET', '/api/user/self');
    expect(body.data).toMatchObject({ id: alice.userId, username: 'alice', display_name: 'alice', role: 1, status: 1, group: 'default', quota: 500000, used_quota: 0 });
    expect(JSON.stringify(body.data)).not.toMatch(/scrypt|password|access_token/);
    const out = await alice.call('GET', '/api/user/logout');
    expect(out.body.success).toBe(true);
  });

  it('answers login with the user and flags the default root password', async () => {
    const { app } = await buildApiHarness();
    const response = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'root', password: ROOT_PASSWORD } });
    const body = response.json<Envelope<Record<string, unknown>>>();
    expect(body).toMatchObject({ success: true, message: '请立刻修改默认密码！' });
    expect(body.data).toEqual({ id: 1, username: 'root', display_name: 'Root User', role: 100, status: 1, group: 'default', default_password: true });
    expect(response.cookies.find((c) => c.name === 'session')?.httpOnly).toBe(true);
  });

  it('refuses bad sign-ins and sign-ups with new-api texts', async () => {
    const { app } = await buildApiHarness();
    const post = async (url: string, payload: object) => (await app.inject({ method: 'POST', url, payload })).json<Envelope>();
    expect((await post('/api/user/login', { username: 'root', password: 'wrong' })).message).toBe('用户名或密码错误，或用户已被封禁');
    expect((await post('/api/user/login', { username: 'nobody', password: 'x' })).message).toBe('用户名或密码错误，或用户已被封禁');
    expect((await post('/api/user/login', { username: '', password: '' })).message).toBe('无效的参数');
    expect((await post('/api/user/register', { username: 'bob', password: 'short' })).message).toBe('密码长度不得小于 8 位！');
    expect((await post('/api/user/register', { username: 'root', password: 'password123' })).message).toBe('用户名已存在，或已注销');
  });

  it('POST /api/user/login accepts the email address in place of the username, as new-api; a username still wins', async () => {
    const { app, deps } = await buildApiHarness();
    const alice = await signUp(app, 'alice', 'alice-password');
    await deps.users.update(alice.userId, { email: 'alice@example.com' });
    const post = async (username: string, password: string) => (await app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password } })).json<Envelope<{ id: number }>>();
    expect(await post('alice@example.com', 'alice-password')).toMatchObject({ success: true, data: { id: alice.userId } });
    expect((await post('alice@example.com', 'wrong-password')).message).toBe('用户名或密码错误，或用户已被封禁');
    // A user who took another's address as a username keeps signing in by that name.
    const named = await signUp(app, 'b@x.io', 'bob-password');
    await deps.users.update(named.userId, { email: 'bob-real@example.com' });
    const other = await signUp(app, 'carol', 'carol-password');
    await deps.users.update(other.userId, { email: 'b@x.io' });
    expect(await post('b@x.io', 'bob-password')).toMatchObject({ success: true, data: { id: named.userId } });
  });

  it('stores argon2id hashes, and replaces a scrypt hash of an earlier build at its next sign-in', async () => {
    const { app, deps } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    expect((await deps.users.byId(alice.userId))?.passwordHash).toMatch(/^\$argon2id\$/);
    await deps.users.update(alice.userId, { passwordHash: scryptHash('password123') });
    await expect(login(app, 'alice', 'wrong-password')).rejects.toThrow();
    expect((await deps.users.byId(alice.userId))?.passwordHash).toMatch(/^scrypt\$/);
    await login(app, 'alice', 'password123');
    expect((await deps.users.byId(alice.userId))?.passwordHash).toMatch(/^\$argon2id\$/);
    await login(app, 'alice', 'password123');
  });

  it('changes the own password only with the original one', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const wrong = await alice.call('PUT', '/api/user/self', { password: 'newpassword1', original_password: 'nope' });
    expect(wrong.body.message).toBe('原密码错误');
    const right = await alice.call('PUT', '/api/user/self', { display_name: 'Alice', password: 'newpassword1', original_password: 'password123' });
    expect(right.body.success).toBe(true);
    await expect(login(app, 'alice', 'newpassword1')).resolves.toBeDefined();
  });

  it('QuotaForInvitee: credits the invitee registering with an invite code; QuotaForNewUser at 0 grants and logs nothing', async () => {
    const { app, ledger } = await buildApiHarness({ QuotaForInvitee: '1000', DisplayInCurrencyEnabled: 'false' });
    const alice = await signUp(app, 'alice');
    const aff = await alice.call<string>('GET', '/api/user/aff');
    await app.inject({ method: 'POST', url: '/api/user/register', payload: { username: 'bob', password: 'password123', aff_code: aff.body.data } });
    expect(ledger.ofType('QuotaGranted').map((e) => e.data.content)).toEqual(['使用邀请码赠送 1000 点额度']);
  });
});
