import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiHarness } from '../api-app.js';
import { ConsoleClient } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';

/** Sessions live on the server: each way of ending one makes its cookie useless at once (issue #24). */
describe('server-side sessions over real HTTP', () => {
  let fixture: EmbeddedFixture;

  beforeAll(async () => {
    // The test's connections come from loopback: here, a trusted proxy.
    fixture = await startEmbeddedFixture({}, { TRUSTED_PROXIES: '127.0.0.1' });
  });

  afterAll(async () => {
    await fixture?.close();
  });

  /** A registered user signed in on `devices` consoles. */
  async function userOn(username: string, devices: number, password = `${username}-password`): Promise<ConsoleClient[]> {
    await new ConsoleClient(fixture.tollgate.url).must('POST', '/api/user/register', { username, password, password2: password });
    const consoles = Array.from({ length: devices }, () => new ConsoleClient(fixture.tollgate.url));
    for (const console of consoles) await console.login(username, password);
    return consoles;
  }

  /** What the old cookie gets from /api/user/self. */
  const selfStatus = async (console: ConsoleClient) => (await console.send('GET', '/api/user/self')).status;

  it('ends the one session at sign-out: its cookie is refused, the same user on another device stays in', async () => {
    const [laptop, phone] = await userOn('lena', 2);
    const stolen = laptop!.sessionCookie();
    await laptop!.must('GET', '/api/user/logout');
    const replay = await fetch(`${fixture.tollgate.url}/api/user/self`, { headers: { cookie: stolen, 'new-api-user': String(laptop!.userId) } });
    expect(replay.status).toBe(401);
    expect(await selfStatus(phone!)).toBe(200);
  });

  it('ends the other sessions when users change their own password, and keeps the one that changed it', async () => {
    const [laptop, phone] = await userOn('paul', 2);
    await laptop!.must('PUT', '/api/user/self', { password: 'paul-new-password', original_password: 'paul-password' });
    expect(await selfStatus(phone!)).toBe(401);
    expect(await selfStatus(laptop!)).toBe(200);
    expect((await new ConsoleClient(fixture.tollgate.url).login('paul', 'paul-new-password')).success).toBe(true);
  });

  it('ends every session when an administrator sets the password, demotes, disables or deletes', async () => {
    for (const [username, change] of [
      ['ada', { method: 'PUT', path: '/api/user/', body: (id: number) => ({ id, password: 'set-by-root-1' }) }],
      ['dora', { method: 'POST', path: '/api/user/manage', body: (id: number) => ({ id, action: 'demote' }) }],
      ['dina', { method: 'POST', path: '/api/user/manage', body: (id: number) => ({ id, action: 'disable' }) }],
      ['dell', { method: 'POST', path: '/api/user/manage', body: (id: number) => ({ id, action: 'delete' }) }],
    ] as const) {
      const consoles = await userOn(username, 2);
      const id = consoles[0]!.userId!;
      if (username === 'dora') await fixture.root.must('POST', '/api/user/manage', { id, action: 'promote' });
      expect(await selfStatus(consoles[0]!)).toBe(200);
      await fixture.root.must(change.method, change.path, change.body(id));
      for (const console of consoles) expect({ username, status: await selfStatus(console) }).toEqual({ username, status: 401 });
    }
  });

  it('lets root end any user\'s sessions, and nobody else', async () => {
    const [mine, other] = await userOn('rita', 2);
    const [admin] = await userOn('amos', 1);
    await fixture.root.must('POST', '/api/user/manage', { id: admin!.userId, action: 'promote' });
    const byAdmin = await admin!.send('DELETE', `/api/user/${mine!.userId}/sessions`);
    expect(byAdmin.status).toBe(403);
    expect(await selfStatus(mine!)).toBe(200);
    expect(await fixture.root.must<number>('DELETE', `/api/user/${mine!.userId}/sessions`)).toBe(2);
    expect(await selfStatus(mine!)).toBe(401);
    expect(await selfStatus(other!)).toBe(401);
    expect(await fixture.root.call('DELETE', '/api/user/99999/sessions')).toMatchObject({ success: false, message: '用户不存在' });
    expect(await selfStatus(fixture.root)).toBe(200);
  });

  it('refuses a cookie whose signature does not match', async () => {
    const [user] = await userOn('sam', 1);
    const [name, value] = user!.sessionCookie().split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -2)}xx`;
    const response = await fetch(`${fixture.tollgate.url}/api/user/self`, { headers: { cookie: forged, 'new-api-user': String(user!.userId) } });
    expect(response.status).toBe(401);
  });

  it('marks the cookie Secure when the sign-in came over HTTPS through the trusted proxy, and only then', async () => {
    await userOn('hugo', 0);
    const signIn = (headers: Record<string, string>) =>
      fetch(`${fixture.tollgate.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ username: 'hugo', password: 'hugo-password' }) });
    const sessionCookie = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith('session=')) ?? '';
    const overHttps = sessionCookie(await signIn({ 'x-forwarded-proto': 'https' }));
    expect(overHttps).toMatch(/; Secure/);
    expect(overHttps).toMatch(/; HttpOnly/);
    expect(sessionCookie(await signIn({}))).not.toMatch(/Secure/);
  });
});

describe('the Secure flag without a trusted proxy', () => {
  const rootSignIn = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ username: 'root', password: '123456' }) });
  const sessionCookie = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith('session=')) ?? '';

  it("ignores the X-Forwarded-Proto of a connection that is not a trusted proxy", async () => {
    const fixture = await startEmbeddedFixture();
    try {
      const cookie = sessionCookie(await rootSignIn(fixture.tollgate.url, { 'x-forwarded-proto': 'https' }));
      expect(cookie).toMatch(/^session=/);
      expect(cookie).not.toMatch(/Secure/);
    } finally {
      await fixture.close();
    }
  });

  it('marks the cookie Secure over plain HTTP when COOKIE_SECURE is set', async () => {
    const { app } = await buildApiHarness({}, { COOKIE_SECURE: 'true' });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    expect(sessionCookie(await rootSignIn(url))).toMatch(/; Secure/);
  });
});
