import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { login, Session, signUp } from '../../../test/api-app.js';
import type { UserStore } from '../../ports/documents/user-store.js';
import { buildSignInHarness, getAs, oauthCallback, oauthState, SIGN_IN_SETTINGS } from '../../../test/support/gateways/sign-in-harness.js';

/**
 * Lookups answer what the store held a moment ago, as a remote MongoDB does under load; without it
 * one SQLite process never interleaves two requests between their check and their write.
 */
function answerLinkLookupsLate(users: UserStore): void {
  const lookup = users.byLinkedAccount.bind(users);
  users.byLinkedAccount = async (field, id) => {
    const found = await lookup(field, id);
    await sleep(30);
    return found;
  };
}

const octocat = { login: 'octocat', name: 'The Octocat', email: 'octo@example.com' };

describe('GitHub OAuth through a GitHub stand-in', () => {
  it('opens an account on first sign-in, named as new-api names it, and signs it in after', async () => {
    const { app, mock, deps, ledger } = await buildSignInHarness({ QuotaForNewUser: '1000' });
    const first = await oauthCallback(app, 'github', mock.githubCode(octocat));
    expect(first.body).toMatchObject({ success: true, message: '', data: { username: 'github_2', display_name: 'The Octocat' } });
    expect(first.cookie?.httpOnly).toBe(true);
    const user = await deps.users.byUsername('github_2');
    expect(user).toMatchObject({ githubId: 'octocat', email: 'octo@example.com', passwordHash: '' });
    expect(ledger.ofType('QuotaGranted')[0]?.data).toMatchObject({ userId: user?.id, amount: 1000 });

    const again = await oauthCallback(app, 'github', mock.githubCode(octocat));
    expect(again.body.data.id).toBe(user?.id);
    expect(await deps.users.count()).toBe(2);
    const session = new Session(app, `session=${again.cookie?.value}`, again.body.data.id);
    expect((await session.call('GET', '/api/user/self')).body.data).toMatchObject({ github_id: 'octocat' });
  });

  it('GitHubClientId, GitHubClientSecret: speaks GitHub\'s protocol: JSON code exchange with the configured client, then the user with the Bearer token', async () => {
    const { app, mock } = await buildSignInHarness();
    const code = mock.githubCode(octocat);
    await oauthCallback(app, 'github', code);
    const exchange = mock.seen.find((r) => r.path === '/login/oauth/access_token');
    expect(exchange?.headers.accept).toBe('application/json');
    expect(JSON.parse(exchange?.body ?? '{}')).toEqual({ client_id: 'gh-client', client_secret: 'gh-secret-value', code });
    const userCall = mock.seen.find((r) => r.path === '/user');
    expect(userCall?.headers.authorization).toMatch(/^Bearer [0-9a-f]{20}$/);
  });

  it('refuses a callback without the state it issued to this browser, and any state twice', async () => {
    const { app, mock } = await buildSignInHarness();
    const refused = { success: false, message: 'state is empty or not same' };
    const callback = (state: string, cookie = '') => getAs(app, `/api/oauth/github?code=${mock.githubCode(octocat)}&state=${state}`, undefined, cookie);
    expect(await getAs(app, `/api/oauth/github?code=${mock.githubCode(octocat)}`)).toMatchObject({ status: 403, body: refused });
    const { state, cookie } = await oauthState(app);
    expect(await callback('madeup', cookie)).toMatchObject({ status: 403, body: refused });
    // A state fetched by someone else (another browser's cookie) is refused too: no planted sign-in or bind.
    expect(await callback(state)).toMatchObject({ status: 403, body: refused });
    expect(await callback(state, (await oauthState(app)).cookie)).toMatchObject({ status: 403, body: refused });
    expect((await callback(state, cookie)).body.success).toBe(true);
    expect(await callback(state, cookie)).toMatchObject({ status: 403, body: refused });
  });

  // The switches (GitHubOAuthEnabled, RegisterEnabled) are proven in sign-in-switches.int.test.ts.
  it('answers bad-code, missing-code and declined failures with new-api\'s texts', async () => {
    const { app } = await buildSignInHarness();
    expect((await oauthCallback(app, 'github', 'not-issued')).body).toEqual({ success: false, message: '返回值非法，用户字段为空，请稍后重试！' });
    const started = await oauthState(app);
    expect((await getAs(app, `/api/oauth/github?state=${started.state}`, undefined, started.cookie)).body).toEqual({ success: false, message: '无效的参数' });
    expect((await getAs(app, '/api/oauth/github?error=access_denied&error_description=The+user+denied')).body).toEqual({ success: false, message: 'The user denied' });
  });

  it('says the server is unreachable when GitHub does not answer', async () => {
    const { app, mock } = await buildSignInHarness();
    const code = mock.githubCode(octocat);
    const { state, cookie } = await oauthState(app);
    await mock.close();
    expect((await getAs(app, `/api/oauth/github?code=${code}&state=${state}`, undefined, cookie)).body).toEqual({ success: false, message: '无法连接至 GitHub 服务器，请稍后重试！' });
  });

  it('binds GitHub to the signed-in user (message "bind"), once across all accounts', async () => {
    const { app, mock, deps } = await buildSignInHarness();
    const alice = await signUp(app, 'alice');
    const bound = await oauthCallback(app, 'github', mock.githubCode(octocat), alice);
    expect(bound.body).toEqual({ success: true, message: 'bind' });
    expect((await deps.users.byId(alice.userId))?.githubId).toBe('octocat');
    const bob = await signUp(app, 'bob');
    expect((await oauthCallback(app, 'github', mock.githubCode(octocat), bob)).body).toEqual({ success: false, message: '该 GitHub 账户已被绑定' });
    const signedIn = await oauthCallback(app, 'github', mock.githubCode(octocat));
    expect(signedIn.body.data.username).toBe('alice');
  });

  it('QuotaForInviter: credits the inviter when a GitHub sign-up brings the invite code the console remembered', async () => {
    const { app, mock, deps } = await buildSignInHarness({ QuotaForInviter: '300' });
    const alice = await signUp(app, 'alice');
    const affCode = (await deps.users.byId(alice.userId))?.affCode ?? '';
    const { state, cookie } = await oauthState(app);
    const answer = await getAs(app, `/api/oauth/github?code=${mock.githubCode(octocat)}&state=${state}&aff=${affCode}`, undefined, cookie);
    expect(answer.body.success).toBe(true);
    expect(await deps.users.byUsername(answer.body.data.username)).toMatchObject({ inviterId: alice.userId });
    expect((await deps.balances.users([alice.userId]))[0]).toMatchObject({ affCount: 1, affQuota: 300 });
  });

  it('opens one account when the same GitHub user signs in twice at once, and two for two users', async () => {
    const { app, mock, deps } = await buildSignInHarness();
    answerLinkLookupsLate(deps.users);
    const same = await Promise.all([oauthCallback(app, 'github', mock.githubCode(octocat)), oauthCallback(app, 'github', mock.githubCode(octocat))]);
    expect(same.map((answer) => answer.body.success)).toEqual([true, true]);
    expect(same[0]?.body.data.id).toBe(same[1]?.body.data.id);
    const two = await Promise.all(['ann', 'ben', 'cat'].map((login) => oauthCallback(app, 'github', mock.githubCode({ login }))));
    expect(new Set(two.map((answer) => answer.body.data.username)).size).toBe(3);
    expect(await deps.users.count()).toBe(5);
  });

  it('binds one GitHub account to only one of two users binding it at once', async () => {
    const { app, mock, deps } = await buildSignInHarness();
    answerLinkLookupsLate(deps.users);
    const [alice, bob] = [await signUp(app, 'alice'), await signUp(app, 'bob')];
    const answers = await Promise.all([alice, bob].map((session) => oauthCallback(app, 'github', mock.githubCode(octocat), session)));
    expect(answers.map((answer) => answer.body.message).sort()).toEqual(['bind', '该 GitHub 账户已被绑定']);
    const holders = [(await deps.users.byId(alice.userId))?.githubId, (await deps.users.byId(bob.userId))?.githubId];
    expect(holders.filter((id) => id === 'octocat')).toHaveLength(1);
  });

  it('refuses a banned or deleted bound account', async () => {
    const { app, mock, deps } = await buildSignInHarness();
    const alice = await signUp(app, 'alice');
    await deps.users.update(alice.userId, { githubId: 'octocat', status: 2 });
    expect((await oauthCallback(app, 'github', mock.githubCode(octocat))).body).toEqual({ success: false, message: '用户已被封禁' });
    await deps.users.update(alice.userId, { deletedAt: 1 });
    expect((await oauthCallback(app, 'github', mock.githubCode(octocat))).body).toEqual({ success: false, message: '用户已注销' });
  });

  it('leaves out an email address another account already holds', async () => {
    const { app, mock, deps } = await buildSignInHarness();
    await deps.users.update(1, { email: 'octo@example.com' });
    const answer = await oauthCallback(app, 'github', mock.githubCode(octocat));
    expect(await deps.users.byId(answer.body.data.id)).toMatchObject({ githubId: 'octocat', email: '' });
  });

  it('tells the console, in the status, that GitHub is on and where its authorize page is', async () => {
    const { app, mock } = await buildSignInHarness();
    const status = (await app.inject({ method: 'GET', url: '/api/status' })).json<{ data: Record<string, unknown> }>().data;
    expect(status).toMatchObject({ github_oauth: true, github_client_id: 'gh-client', linuxdo_oauth: true, github_authorize_url: `${mock.url}/login/oauth/authorize`, linuxdo_authorize_url: `${mock.url}/oauth2/authorize` });
  });

  it('never shows the client secrets in the options list', async () => {
    const { app } = await buildSignInHarness();
    const root = await login(app, 'root', '123456');
    const { body } = await root.call<{ key: string; value: string }[]>('GET', '/api/option/');
    const keys = body.data.map((o) => o.key);
    expect(keys).toContain('GitHubClientId');
    for (const secret of ['GitHubClientSecret', 'LinuxDOClientSecret', 'WeChatServerToken', 'TelegramBotToken', 'TurnstileSecretKey']) expect(keys).not.toContain(secret);
    expect(JSON.stringify(body)).not.toContain(SIGN_IN_SETTINGS.github.clientSecret);
  });
});

describe('Linux DO OAuth through a Linux DO Connect stand-in', () => {
  const linus = { id: 4242, username: 'linus', name: 'Linus' };

  it('LinuxDOClientId, LinuxDOClientSecret: opens linuxdo_<n> on first sign-in with the configured client as Basic auth and a form body, then signs it in', async () => {
    const { app, mock, deps } = await buildSignInHarness();
    const code = mock.linuxDoCode(linus);
    const first = await oauthCallback(app, 'linuxdo', code);
    expect(first.body).toMatchObject({ success: true, data: { username: 'linuxdo_2', display_name: 'Linus' } });
    expect((await deps.users.byUsername('linuxdo_2'))?.linuxDoId).toBe('4242');
    const exchange = mock.seen.find((r) => r.path === '/oauth2/token');
    expect(exchange?.headers.authorization).toBe(`Basic ${Buffer.from('ld-client:ld-secret-value').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(exchange?.body))).toEqual({ grant_type: 'authorization_code', code });
    const again = await oauthCallback(app, 'linuxdo', mock.linuxDoCode(linus));
    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it('binds when signed in, and answers its own texts', async () => {
    const { app, mock } = await buildSignInHarness();
    const alice = await signUp(app, 'alice');
    expect((await oauthCallback(app, 'linuxdo', mock.linuxDoCode(linus), alice)).body).toEqual({ success: true, message: 'bind' });
    const bob = await signUp(app, 'bob');
    expect((await oauthCallback(app, 'linuxdo', mock.linuxDoCode(linus), bob)).body).toEqual({ success: false, message: '该 Linux DO 账户已被绑定' });
    expect((await oauthCallback(app, 'linuxdo', 'wrong')).body).toEqual({ success: false, message: 'failed to get access token: The provided authorization grant is invalid' });
  });

  it('is refused with a wrong client secret', async () => {
    const wrong = await buildSignInHarness({ LinuxDOClientSecret: 'not-it' });
    expect((await oauthCallback(wrong.app, 'linuxdo', wrong.mock.linuxDoCode(linus))).body).toEqual({ success: false, message: 'failed to get access token: Client authentication failed' });
  });
});
