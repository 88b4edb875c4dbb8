import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../test/api-app.js';
import { type Access, routeAccess as access } from '../../test/support/route-table/route-access.js';
import { AuthMessages } from '../http/errors.js';

const rank: Record<Access, number> = { public: 0, user: 1, admin: 2, root: 3 };
const guarded = (level: Access) => Object.entries(access).filter(([, needs]) => rank[needs] >= rank[level]);
const request = (route: string) => {
  const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS', string];
  return { method, url: url.replace(':id', '1'), payload: method === 'GET' ? undefined : {} };
};

describe('the role matrix of the management API', () => {
  it('has a decision for every registered route', async () => {
    // Routes answer with and without a trailing slash: one decision covers both.
    const bare = (route: string) => route.replace(/\/$/, '');
    const registered = new Set((await buildApiHarness()).routes.map(bare));
    const decided = new Set(Object.keys(access).map(bare));
    expect([...registered].filter((route) => !decided.has(route))).toEqual([]);
    expect([...decided].filter((route) => !registered.has(route))).toEqual([]);
  });

  it('refuses visitors with 401 on every guarded route, and lets them reach the public ones', async () => {
    const { app } = await buildApiHarness();
    for (const [route, needs] of Object.entries(access)) {
      const response = await app.inject(request(route));
      // A public call may refuse on its own terms (a missing OAuth state is a 403), never with a guard's words.
      // (Epay's notify answers plain text.)
      if (needs === 'public') expect(Object.values(AuthMessages).some((words) => response.body.includes(words)), route).toBe(false);
      else expect({ route, status: response.statusCode, success: response.json().success }).toEqual({ route, status: 401, success: false });
    }
  });

  it('refuses ordinary users with 403 on every admin and root route', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    for (const [route] of guarded('admin')) {
      const { method, url, payload } = request(route);
      const { status, body } = await alice.call(method, url, payload);
      expect({ route, status, success: body.success, message: body.message }).toEqual({ route, status: 403, success: false, message: '无权进行此操作，权限不足' });
    }
  });

  it('refuses administrators with 403 on every root route', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const admin = await signUp(app, 'admin1');
    await root.call('POST', '/api/user/manage', { id: admin.userId, action: 'promote' });
    for (const [route] of guarded('root')) {
      const { method, url, payload } = request(route);
      expect({ route, status: (await admin.call(method, url, payload)).status }).toEqual({ route, status: 403 });
    }
  });

  it("refuses a session or an access token whose user-id header names someone else, with 401", async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const alice = await signUp(app, 'alice');
    const accessToken = (await alice.call<string>('GET', '/api/user/token')).body.data;
    for (const [route] of guarded('user')) {
      const { method, url, payload } = request(route);
      const bySession = await alice.call(method, url, payload, { 'new-api-user': String(root.userId) });
      expect({ route, status: bySession.status, success: bySession.body.success }).toEqual({ route, status: 401, success: false });
      const byToken = await app.inject({ method, url, payload, headers: { authorization: accessToken, 'new-api-user': String(root.userId) } });
      expect({ route, status: byToken.statusCode }).toEqual({ route, status: 401 });
    }
  });
});
