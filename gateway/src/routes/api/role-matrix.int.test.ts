import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';
import { AuthMessages } from '../../http/errors.js';

type Access = 'public' | 'user' | 'admin' | 'root';

/**
 * Who may call each management route. Every registered route must be listed, so a new route
 * cannot ship without a decision here, and the server's guard must refuse everyone below it.
 */
const access: Record<string, Access> = {
  'GET /api/status': 'public',
  'GET /api/notice': 'public',
  'GET /api/about': 'public',
  'GET /api/home_page_content': 'public',
  'GET /api/pricing': 'public',
  'GET /api/verification': 'public',
  'GET /api/reset_password': 'public',
  'POST /api/user/register': 'public',
  'POST /api/user/login': 'public',
  'POST /api/user/login/2fa': 'public',
  'GET /api/user/logout': 'public',
  'POST /api/user/reset': 'public',
  'GET /api/user/epay/notify': 'public',
  'POST /api/user/epay/notify': 'public',
  // The first-run wizard answers visitors, as new-api's: it runs before anyone can sign in as root.
  'GET /api/setup': 'public',
  'POST /api/setup': 'public',
  'GET /api/user-agreement': 'public',
  'GET /api/privacy-policy': 'public',
  // Third-party sign-in answers visitors (GitHub and Linux DO bind instead when a session comes along).
  'GET /api/oauth/state': 'public',
  'GET /api/oauth/github': 'public',
  'GET /api/oauth/linuxdo': 'public',
  'GET /api/oauth/oidc': 'public',
  // A key, not a session, reads its own usage (its own 401s), from any origin.
  'GET /api/log/token': 'public',
  'OPTIONS /api/log/token': 'public',
  'GET /api/oauth/wechat': 'public',
  'GET /api/oauth/telegram/login': 'public',
  'GET /api/oauth/wechat/bind': 'user',
  'GET /api/oauth/telegram/bind': 'user',
  'GET /api/oauth/email/bind': 'user',
  'GET /api/user/self': 'user',
  'GET /api/user/2fa/status': 'user',
  'POST /api/user/2fa/setup': 'user',
  'POST /api/user/2fa/enable': 'user',
  'POST /api/user/2fa/disable': 'user',
  'POST /api/user/2fa/backup_codes': 'user',
  'PUT /api/user/self': 'user',
  'DELETE /api/user/self': 'user',
  'GET /api/user/self/groups': 'user',
  'GET /api/user/groups': 'user',
  'GET /api/user/oauth/bindings': 'user',
  'PUT /api/user/setting': 'user',
  'GET /api/user/topup/info': 'user',
  'GET /api/user/topup/self': 'user',
  'GET /api/user/token': 'user',
  'POST /api/user/topup': 'user',
  'GET /api/user/aff': 'user',
  'POST /api/user/aff_transfer': 'user',
  'POST /api/user/amount': 'user',
  'POST /api/user/pay': 'user',
  'GET /api/user/models': 'user',
  'GET /api/models': 'user',
  'GET /api/token/': 'user',
  'POST /api/token/': 'user',
  'PUT /api/token/': 'user',
  'GET /api/token/search': 'user',
  'GET /api/token/:id': 'user',
  'DELETE /api/token/:id': 'user',
  'POST /api/token/:id/key': 'user',
  'GET /api/log/self/': 'user',
  'GET /api/log/self/stat': 'user',
  'GET /api/log/self/search': 'user',
  'GET /api/data/self/': 'user',
  'GET /api/mj/self/': 'user',
  'GET /api/task/self': 'user',
  'GET /api/user/': 'admin',
  'GET /api/user/2fa/stats': 'admin',
  'DELETE /api/user/:id/2fa': 'admin',
  'POST /api/user/': 'admin',
  'PUT /api/user/': 'admin',
  'GET /api/user/search': 'admin',
  'GET /api/user/topup': 'admin',
  'GET /api/user/:id': 'admin',
  'POST /api/user/manage': 'admin',
  'DELETE /api/user/:id/sessions': 'root',
  'GET /api/group/': 'admin',
  'GET /api/redemption/': 'admin',
  'POST /api/redemption/': 'admin',
  'PUT /api/redemption/': 'admin',
  'GET /api/redemption/search': 'admin',
  'GET /api/redemption/:id': 'admin',
  'DELETE /api/redemption/:id': 'admin',
  'GET /api/channel/': 'admin',
  'POST /api/channel/': 'admin',
  'PUT /api/channel/': 'admin',
  'GET /api/channel/search': 'admin',
  'GET /api/channel/models': 'admin',
  'GET /api/channel/models_enabled': 'admin',
  'DELETE /api/channel/disabled': 'admin',
  'POST /api/channel/batch': 'admin',
  'GET /api/channel/test': 'admin',
  'GET /api/channel/test/:id': 'admin',
  'GET /api/channel/update_balance': 'admin',
  'GET /api/channel/update_balance/:id': 'admin',
  'POST /api/channel/fix': 'admin',
  'POST /api/channel/copy/:id': 'admin',
  'GET /api/channel/fetch_models/:id': 'admin',
  'GET /api/channel/:id': 'admin',
  'DELETE /api/channel/:id': 'admin',
  'GET /api/log/': 'admin',
  'DELETE /api/log/': 'admin',
  'GET /api/log/stat': 'admin',
  'GET /api/log/search': 'admin',
  'GET /api/data/': 'admin',
  // The operations view's seed (its live part is pushed to the admins' room only).
  'GET /api/ops/': 'admin',
  'GET /api/mj/': 'admin',
  'GET /api/task/': 'admin',
  'GET /api/log/export': 'admin',
  'GET /api/data/export': 'admin',
  'GET /api/option/': 'root',
  'PUT /api/option/': 'root',
  'POST /api/option/rest_model_ratio': 'root',
  'GET /api/import/': 'root',
  'POST /api/import/': 'root',
  'POST /api/channel/:id/key': 'root',
  'GET /api/audit/': 'root',
  'GET /api/audit/export': 'root',
  'GET /api/ledger_audit/': 'root',
  'POST /api/ledger_audit/': 'root',
};

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
