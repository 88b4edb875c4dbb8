import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { type Envelope, buildApiHarness, type Session } from '../../api-app.js';
import { type SignInMockSettings, startSignInMock } from '../../mock-upstream/services/sign-in-mock.js';

export const SIGN_IN_SETTINGS: SignInMockSettings = {
  github: { clientId: 'gh-client', clientSecret: 'gh-secret-value' },
  linuxdo: { clientId: 'ld-client', clientSecret: 'ld-secret-value' },
  wechat: { token: 'wechat-server-token' },
  turnstile: { secret: 'turnstile-secret-value' },
};

/** Options that switch every sign-in service on, with the credentials the stand-ins accept. */
export const SIGN_IN_OPTIONS: Record<string, string> = {
  GitHubClientId: SIGN_IN_SETTINGS.github.clientId,
  GitHubClientSecret: SIGN_IN_SETTINGS.github.clientSecret,
  GitHubOAuthEnabled: 'true',
  LinuxDOClientId: SIGN_IN_SETTINGS.linuxdo.clientId,
  LinuxDOClientSecret: SIGN_IN_SETTINGS.linuxdo.clientSecret,
  LinuxDOOAuthEnabled: 'true',
  WeChatServerToken: SIGN_IN_SETTINGS.wechat.token,
  WeChatAuthEnabled: 'true',
};

/** The environment that points the gateway's sign-in clients at the stand-ins. */
export function signInEnv(mockUrl: string): Record<string, string> {
  return { GITHUB_OAUTH_URL: mockUrl, GITHUB_API_URL: mockUrl, LINUXDO_OAUTH_URL: mockUrl, TURNSTILE_VERIFY_URL: `${mockUrl}/turnstile/v0/siteverify` };
}

/** The management API with every sign-in service on and pointed at the stand-ins. */
export async function buildSignInHarness(options: Record<string, string> = {}) {
  const mock = await startSignInMock(SIGN_IN_SETTINGS);
  onTestFinished(() => mock.close());
  const harness = await buildApiHarness({ ...SIGN_IN_OPTIONS, WeChatServerAddress: mock.url, ...options }, signInEnv(mock.url));
  return { ...harness, mock };
}

/** A browser's start of an OAuth sign-in: the state, and the cookie that ties it to this browser. */
export async function oauthState(app: FastifyInstance): Promise<{ state: string; cookie: string }> {
  const response = await app.inject({ method: 'GET', url: '/api/oauth/state' });
  const cookie = response.cookies.find((c) => c.name === 'oauth_state');
  return { state: response.json<Envelope<string>>().data, cookie: cookie ? `oauth_state=${cookie.value}` : '' };
}

/** The provider's callback as the console makes it: code and a fresh state, from the browser that asked for the state. */
export async function oauthCallback(app: FastifyInstance, provider: 'github' | 'linuxdo', code: string, session?: Session) {
  const { state, cookie } = await oauthState(app);
  return getAs(app, `/api/oauth/${provider}?code=${encodeURIComponent(code)}&state=${state}`, session, cookie);
}

/** A GET as a visitor, or as `session` when given, with any extra cookie; the session cookie it set, if any. */
export async function getAs(app: FastifyInstance, url: string, session?: Session, extraCookie = '') {
  const cookie = [session?.cookie, extraCookie].filter(Boolean).join('; ');
  const headers: Record<string, string> = session ? { 'new-api-user': String(session.userId) } : {};
  if (cookie) headers.cookie = cookie;
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json<Envelope<{ id: number; username: string; display_name: string }>>(), cookie: response.cookies.find((c) => c.name === 'session') };
}
