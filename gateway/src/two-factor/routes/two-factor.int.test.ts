import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApiHarness, ROOT_PASSWORD } from '../../../test/api-app.js';
import { ConsoleClient } from '../../../test/support/clients/console-client.js';
import { roomInStep, totpCode, wrongCode } from '../../../test/support/clients/totp.js';
import { SET_UP_TWO_FACTOR_FIRST } from '../admin-requirement.js';
import { WRONG_CODE } from '../check-code.js';

interface Setup {
  secret: string;
  qr_code_data: string;
  backup_codes: string[];
}

/** The management API over real HTTP on loopback (real SQLite documents), and a client per user. */
async function serve(options: Record<string, string> = {}, env: Record<string, string> = {}) {
  const harness = await buildApiHarness(options, env);
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  const client = () => new ConsoleClient(url);
  const signUp = async (username: string) => {
    const user = client();
    await user.must('POST', '/api/user/register', { username, password: 'password123', password2: 'password123' });
    await user.login(username, 'password123');
    return user;
  };
  return { ...harness, url, client, signUp };
}

/** Sets up and enables two-factor for a signed-in user with the previous step's code. */
async function enableTwoFactor(user: ConsoleClient): Promise<Setup> {
  const setup = await user.must<Setup>('POST', '/api/user/2fa/setup');
  await user.must('POST', '/api/user/2fa/enable', { code: totpCode(setup.secret, -1) });
  return setup;
}

/** Logs out and gives the password again: the answer asks for the second factor. */
async function passwordStep(user: ConsoleClient, username: string, password = 'password123') {
  await user.call('GET', '/api/user/logout');
  const answer = await user.login(username, password);
  expect(answer).toMatchObject({ success: true, message: '请输入两步验证码', data: { require_2fa: true } });
}

describe('two-factor sign-in over HTTP', () => {
  it('sets up, enables, and signs in with a fresh code; a wrong or replayed code fails; a recovery code works once', async () => {
    await roomInStep();
    const api = await serve({ SystemName: 'Acme Gate' });
    const alice = await api.signUp('alice');
    expect(await alice.must('GET', '/api/user/2fa/status')).toEqual({ enabled: false, locked: false, required: false });

    const setup = await alice.must<Setup>('POST', '/api/user/2fa/setup');
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.qr_code_data).toMatch(/^otpauth:\/\/totp\/Acme%20Gate:alice\?/);
    expect(new URL(setup.qr_code_data).searchParams.get('secret')).toBe(setup.secret);
    expect(setup.backup_codes).toHaveLength(4);
    for (const code of setup.backup_codes) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect((await alice.call('POST', '/api/user/2fa/enable', { code: wrongCode(setup.secret) })).message).toBe(WRONG_CODE);
    expect(await alice.call('POST', '/api/user/2fa/enable', { code: totpCode(setup.secret, -1) })).toMatchObject({ success: true, message: '两步验证启用成功' });
    expect(await alice.must('GET', '/api/user/2fa/status')).toEqual({ enabled: true, locked: false, backup_codes_remaining: 4, required: false });
    expect((await alice.call('POST', '/api/user/2fa/setup')).message).toBe('用户已启用2FA，请先禁用后重新设置');

    await alice.call('GET', '/api/user/logout');
    const passwordOnly = await alice.send('POST', '/api/user/login', { username: 'alice', password: 'password123' });
    expect(await passwordOnly.json()).toEqual({ success: true, message: '请输入两步验证码', data: { require_2fa: true } });
    const cookies = passwordOnly.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('session='))).toBe(false);
    expect(cookies.find((c) => c.startsWith('pending_2fa='))).toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith('pending_2fa='))).not.toMatch(/Secure/i);
    expect(JSON.stringify(cookies)).not.toContain(setup.secret);
    expect((await alice.call('GET', '/api/user/self')).success).toBe(false);

    expect((await alice.loginSecondFactor(wrongCode(setup.secret))).message).toBe(WRONG_CODE);
    const fresh = totpCode(setup.secret);
    expect(await alice.loginSecondFactor(fresh)).toMatchObject({ success: true, data: { username: 'alice' } });
    expect(await alice.must('GET', '/api/user/self')).toMatchObject({ username: 'alice' });
    expect(JSON.stringify(await alice.must('GET', '/api/user/2fa/status'))).not.toContain(setup.secret);

    await passwordStep(alice, 'alice');
    expect((await alice.loginSecondFactor(fresh)).message).toBe(WRONG_CODE);
    const [first, second] = setup.backup_codes as [string, string];
    expect((await alice.loginSecondFactor(first)).success).toBe(true);
    await passwordStep(alice, 'alice');
    expect((await alice.loginSecondFactor(first)).message).toBe(WRONG_CODE);
    expect((await alice.loginSecondFactor(second.replace('-', '').toLowerCase())).success).toBe(true);
    expect(await alice.must('GET', '/api/user/2fa/status')).toMatchObject({ backup_codes_remaining: 2 });

    const renewed = await alice.call<{ backup_codes: string[] }>('POST', '/api/user/2fa/backup_codes', { code: totpCode(setup.secret, 1) });
    expect(renewed).toMatchObject({ success: true, message: '备用码重新生成成功' });
    expect(renewed.data.backup_codes).toHaveLength(4);
    await passwordStep(alice, 'alice');
    expect((await alice.loginSecondFactor(setup.backup_codes[2] as string)).message).toBe(WRONG_CODE);
    expect((await alice.loginSecondFactor(renewed.data.backup_codes[0] as string)).success).toBe(true);

    expect(await alice.call('POST', '/api/user/2fa/disable', { code: renewed.data.backup_codes[1] })).toMatchObject({ success: true, message: '两步验证已禁用' });
    await alice.call('GET', '/api/user/logout');
    expect(await alice.login('alice', 'password123')).toMatchObject({ success: true, data: { username: 'alice' } });
  });

  it('answers an expired or missing pending sign-in, and uses a pending sign-in once; Secure with COOKIE_SECURE', async () => {
    await roomInStep();
    const api = await serve({}, { COOKIE_SECURE: 'true' });
    const bob = await api.signUp('bob');
    const setup = await enableTwoFactor(bob);
    expect((await api.client().loginSecondFactor(totpCode(setup.secret))).message).toBe('会话已过期，请重新登录');
    await passwordStep(bob, 'bob');
    const pendingCookie = (await bob.send('POST', '/api/user/login', { username: 'bob', password: 'password123' })).headers.getSetCookie()[0] ?? '';
    expect(pendingCookie).toMatch(/^pending_2fa=.*; Secure/i);
    const stolenCookie = pendingCookie.split(';')[0] ?? '';
    expect((await bob.loginSecondFactor(totpCode(setup.secret))).success).toBe(true);
    const replay = await fetch(`${api.url}/api/user/login/2fa`, { method: 'POST', headers: { cookie: stolenCookie, 'content-type': 'application/json' }, body: JSON.stringify({ code: totpCode(setup.secret, 1) }) });
    expect((await replay.json()) as object).toEqual({ success: false, message: '会话已过期，请重新登录' });
    expect((await bob.call('POST', '/api/user/2fa/disable', {})).message).toBe('无效的参数');
  });

  it('locks an account after five wrong codes, even against the right one, and lets no concurrent burst past five', async () => {
    await roomInStep();
    const api = await serve();
    const carol = await api.signUp('carol');
    const setup = await enableTwoFactor(carol);
    await passwordStep(carol, 'carol');
    for (let i = 0; i < 5; i++) expect((await carol.loginSecondFactor(wrongCode(setup.secret))).message).toBe(WRONG_CODE);
    expect((await carol.loginSecondFactor(totpCode(setup.secret))).message).toMatch(/^账户已被锁定，请在\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}后重试$/);
    expect((await api.deps.twoFactor.byUserId(carol.userId ?? 0))?.lockedUntil).toBeGreaterThan(Date.now());

    const dave = await api.signUp('dave');
    const daveSetup = await enableTwoFactor(dave);
    await passwordStep(dave, 'dave');
    const burst = await Promise.all(Array.from({ length: 12 }, () => dave.loginSecondFactor(wrongCode(daveSetup.secret))));
    expect(burst.filter((answer) => answer.message === WRONG_CODE)).toHaveLength(5);
    expect(burst.filter((answer) => answer.message.startsWith('账户已被锁定'))).toHaveLength(7);
  });

  it('gives administrators the statistics and the reset of a lower role', async () => {
    await roomInStep();
    const api = await serve();
    const root = api.client();
    await root.login('root', ROOT_PASSWORD);
    const erin = await api.signUp('erin');
    await enableTwoFactor(erin);
    await api.signUp('frank');
    expect(await root.must('GET', '/api/user/2fa/stats')).toEqual({ total_users: 3, enabled_users: 1, enabled_rate: '33.3%' });
    expect((await erin.send('GET', '/api/user/2fa/stats')).status).toBe(403);

    await root.must('POST', '/api/user/manage', { id: (await api.deps.users.byUsername('frank'))?.id, action: 'promote' });
    const frank = api.client();
    await frank.login('frank', 'password123');
    expect((await frank.call('DELETE', `/api/user/${root.userId}/2fa`)).message).toBe('无权操作同级或更高级用户的2FA设置');
    for (const bad of ['abc', '0x2', '1e1']) expect((await frank.call('DELETE', `/api/user/${bad}/2fa`)).message).toBe('用户ID格式错误');
    expect((await frank.call('DELETE', '/api/user/999/2fa')).message).toBe('用户不存在');
    expect(await frank.call('DELETE', `/api/user/${erin.userId}/2fa`)).toEqual({ success: true, message: '用户2FA已被强制禁用' });
    expect((await erin.send('GET', '/api/user/self')).status).toBe(401);
    expect((await frank.call('DELETE', `/api/user/${erin.userId}/2fa`)).message).toBe('用户未启用2FA');
    await erin.call('GET', '/api/user/logout');
    expect(await erin.login('erin', 'password123')).toMatchObject({ success: true, data: { username: 'erin' } });
  });

  it('TwoFactorRequiredForAdmins: an administrator without two-factor signs in, is refused administrator calls until set up', async () => {
    await roomInStep();
    const api = await serve();
    const root = api.client();
    await root.login('root', ROOT_PASSWORD);
    const grace = await api.signUp('grace');
    await root.must('PUT', '/api/option/', { key: 'TwoFactorRequiredForAdmins', value: 'true' });
    const refused = await root.send('GET', '/api/user/?p=0&size=10');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, message: SET_UP_TWO_FACTOR_FIRST });
    expect(await root.must('GET', '/api/user/2fa/status')).toEqual({ enabled: false, locked: false, required: true });
    expect(await grace.must('GET', '/api/user/2fa/status')).toMatchObject({ required: false });
    expect(await grace.must('GET', '/api/user/self')).toMatchObject({ username: 'grace' });

    await root.call('GET', '/api/user/logout');
    expect(await root.login('root', ROOT_PASSWORD)).toMatchObject({ success: true, data: { id: 1 } });
    expect((await root.send('GET', '/api/option/')).status).toBe(403);
    const setup = await enableTwoFactor(root);
    expect(await root.must('GET', '/api/user/?p=0&size=10')).toMatchObject({ total: 2 });
    await passwordStep(root, 'root', ROOT_PASSWORD);
    expect((await root.loginSecondFactor(totpCode(setup.secret))).success).toBe(true);
    expect((await root.send('GET', '/api/option/')).status).toBe(200);
  });
});
