import { describe, expect, it, onTestFinished } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';
import { type IdTokenForgery, type OidcAccount, startOidcProvider } from '../../../test/mock-upstream/services/oidc-provider-mock.js';
import { getAs, oauthState } from '../../../test/support/gateways/sign-in-harness.js';

const CLIENT = { id: 'tollgate-client', secret: 'oidc-secret-value' };
const SITE = 'http://tollgate.example';
const REDIRECT = `${SITE}/oauth/oidc`;
const alice: OidcAccount = { sub: 'sub-alice-1', email: 'alice@idp.example', name: 'Alice IdP', preferred_username: 'alice' };
const BAD_ID_TOKEN = { success: false, message: 'OIDC ID Token 校验失败，请重新登录' };

/** The API with OIDC on, pointed at a local provider through its discovery document only. */
async function oidcHarness(options: Record<string, string> = {}) {
  const provider = await startOidcProvider(CLIENT);
  onTestFinished(() => provider.close());
  const harness = await buildApiHarness({
    ServerAddress: SITE,
    'oidc.client_id': CLIENT.id,
    'oidc.client_secret': CLIENT.secret,
    'oidc.well_known': provider.wellKnown,
    'oidc.enabled': 'true',
    ...options,
  });
  return { ...harness, provider };
}

type Harness = Awaited<ReturnType<typeof oidcHarness>>;

/** The console's flow: a state, the provider's authorize page (nonce = state), then the callback with what it redirected to. */
async function signInThroughBrowser({ app, provider }: Harness, account: OidcAccount) {
  const { state, cookie } = await oauthState(app);
  const status = (await app.inject({ method: 'GET', url: '/api/status' })).json().data;
  provider.signInAs(account);
  const authorize = new URL(status.oidc_authorization_endpoint);
  for (const [key, value] of Object.entries({ client_id: status.oidc_client_id, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid profile email', state, nonce: state })) authorize.searchParams.set(key, value);
  const redirect = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(redirect.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  return getAs(app, `/api/oauth/oidc${back.search}`, undefined, cookie);
}

/** A callback with a code issued straight by the provider (no browser), with the nonce the console would send. */
async function callbackWithCode({ app, provider }: Harness, account: OidcAccount, forgery?: IdTokenForgery) {
  const { state, cookie } = await oauthState(app);
  if (forgery) provider.forgeNext(forgery);
  return getAs(app, `/api/oauth/oidc?code=${provider.code(account, REDIRECT, state)}&state=${state}`, undefined, cookie);
}

describe('OIDC sign-in against a local OpenID Provider', () => {
  it('oidc.enabled, oidc.client_id, oidc.authorization_endpoint: /api/status carries new-api\'s OIDC fields, the endpoint from discovery unless set', async () => {
    const harness = await oidcHarness();
    const status = async () => (await harness.app.inject({ method: 'GET', url: '/api/status' })).json().data;
    expect(await status()).toMatchObject({ oidc_enabled: true, oidc_client_id: CLIENT.id, oidc_authorization_endpoint: `${harness.provider.issuer}/authorize` });
    await harness.deps.options.set('oidc.authorization_endpoint', 'https://login.example/auth');
    expect((await status()).oidc_authorization_endpoint).toBe('https://login.example/auth');
    await harness.deps.options.set('oidc.enabled', 'false');
    expect((await status()).oidc_enabled).toBe(false);
  });

  it('oidc.well_known, oidc.client_secret: signs in through authorize, code exchange and a verified RS256 ID token; opens oidc_<n> once', async () => {
    const harness = await oidcHarness();
    const first = await signInThroughBrowser(harness, alice);
    expect(first.body).toMatchObject({ success: true, message: '', data: { username: 'oidc_2', display_name: 'Alice IdP' } });
    expect(await harness.deps.users.byUsername('oidc_2')).toMatchObject({ oidcId: alice.sub, email: alice.email, passwordHash: '' });
    const again = await signInThroughBrowser(harness, alice);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await harness.deps.users.count()).toBe(2);
  });

  it('binds the provider account to the signed-in user (message bind), and refuses it for a second user', async () => {
    const harness = await oidcHarness();
    const bob = await signUp(harness.app, 'bob');
    const { state, cookie } = await oauthState(harness.app);
    const bind = await getAs(harness.app, `/api/oauth/oidc?code=${harness.provider.code(alice, REDIRECT, state)}&state=${state}`, bob, cookie);
    expect(bind.body).toEqual({ success: true, message: 'bind' });
    expect((await bob.call('GET', '/api/user/self')).body.data).toMatchObject({ oidc_id: alice.sub });
    const carol = await signUp(harness.app, 'carol');
    const again = await oauthState(harness.app);
    const taken = await getAs(harness.app, `/api/oauth/oidc?code=${harness.provider.code(alice, REDIRECT, again.state)}&state=${again.state}`, carol, again.cookie);
    expect(taken.body).toEqual({ success: false, message: '该 OIDC 账户已被绑定' });
  });

  it.each<[string, IdTokenForgery]>([
    ['signed by a key the JWKS does not hold', { foreignKey: true }],
    ['issued for another client', { audience: 'someone-else' }],
    ['from another issuer', { issuer: 'https://evil.example' }],
    ['expired', { expiredBy: 120 }],
    ['carrying another sign-in\'s nonce', { nonce: 'nonce-of-another-flow' }],
    ['naming another subject than the user info', { sub: 'sub-mallory' }],
  ])('refuses an ID token %s, and opens no account', async (_case, forgery) => {
    const harness = await oidcHarness();
    expect((await callbackWithCode(harness, alice, forgery)).body).toEqual(BAD_ID_TOKEN);
    expect(await harness.deps.users.byLinkedAccount('oidcId', alice.sub)).toBeNull();
  });

  it('refuses a replayed state and a replayed code', async () => {
    const harness = await oidcHarness();
    const { state, cookie } = await oauthState(harness.app);
    const url = `/api/oauth/oidc?code=${harness.provider.code(alice, REDIRECT, state)}&state=${state}`;
    expect((await getAs(harness.app, url, undefined, cookie)).body.success).toBe(true);
    expect(await getAs(harness.app, url, undefined, cookie)).toMatchObject({ status: 403, body: { success: false, message: 'state is empty or not same' } });
    const fresh = await oauthState(harness.app);
    const code = new URL(url, SITE).searchParams.get('code');
    expect((await getAs(harness.app, `/api/oauth/oidc?code=${code}&state=${fresh.state}`, undefined, fresh.cookie)).body).toEqual({ success: false, message: 'OIDC 获取 Token 失败，请检查设置！' });
  });

  it('oidc.token_endpoint, oidc.user_info_endpoint: endpoints set in the options win over the discovery document\'s', async () => {
    const wrongToken = await oidcHarness({ 'oidc.token_endpoint': 'http://127.0.0.1:9/token' });
    expect((await callbackWithCode(wrongToken, alice)).body).toEqual({ success: false, message: '无法连接至 OIDC 服务器，请稍后重试！' });
    const wrongUser = await oidcHarness();
    await wrongUser.deps.options.set('oidc.user_info_endpoint', `${wrongUser.provider.issuer}/no-such-userinfo`);
    expect((await callbackWithCode(wrongUser, alice)).body).toEqual({ success: false, message: 'OIDC 获取用户信息失败！请检查设置！' });
  });

  it('with the provider down, the callback says it is unreachable and /api/status names no authorize page', async () => {
    const harness = await oidcHarness();
    await harness.provider.close();
    expect((await callbackWithCode(harness, alice)).body).toEqual({ success: false, message: '无法连接至 OIDC 服务器，请稍后重试！' });
    const status = (await harness.app.inject({ method: 'GET', url: '/api/status' })).json();
    expect(status).toMatchObject({ success: true, data: { oidc_enabled: true, oidc_authorization_endpoint: '' } });
  });

  it('oidc.enabled: off refuses the callback; on needs a client id first; the secret never leaves the server', async () => {
    const harness = await oidcHarness({ 'oidc.enabled': 'false' });
    expect((await callbackWithCode(harness, alice)).body).toEqual({ success: false, message: '管理员未开启通过 OIDC 登录以及注册' });
    const root = await login(harness.app, 'root', ROOT_PASSWORD);
    await harness.deps.options.set('oidc.client_id', '');
    const refused = await root.call('PUT', '/api/option/', { key: 'oidc.enabled', value: 'true' });
    expect(refused.body).toEqual({ success: false, message: '无法启用 OIDC 登录，请先填入 OIDC Client Id 以及 OIDC Client Secret！' });
    const listed = (await root.call<{ key: string }[]>('GET', '/api/option/')).body.data.map((option) => option.key);
    expect(listed).toEqual(expect.arrayContaining(['oidc.enabled', 'oidc.well_known', 'oidc.user_info_endpoint']));
    expect(listed).not.toContain('oidc.client_secret');
  });
});
