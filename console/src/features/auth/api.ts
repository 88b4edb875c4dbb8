import { api, apiEnvelope, query } from '../../api/client';
import type { StoredUser } from '../../lib/stored-user';

/** The login answer: the user, and `default_password: true` while root still has the default password. */
export type LoginData = StoredUser & { default_password?: boolean };

/** The password step's answer for an account with two-factor on: no session yet, the code comes next. */
export type PasswordStepData = LoginData | { require_2fa: true };

/** POST /api/user/register: the body of the spec (email fields only when email verification is on). */
export interface RegisterBody {
  username: string;
  password: string;
  password2: string;
  email?: string;
  verification_code?: string;
  aff_code: string;
}

/** The services whose OAuth callback pages the console has. */
export type OAuthProvider = 'github' | 'linuxdo' | 'oidc';

/** `?turnstile=` when the bot check gave a token (the server asks for it only when the check is on). */
const withTurnstile = (turnstile: string) => (turnstile ? `?${query({ turnstile })}` : '');

export const authApi = {
  login: (username: string, password: string, turnstile = '') => apiEnvelope<PasswordStepData>('POST', `/api/user/login${withTurnstile(turnstile)}`, { username, password }),
  /** The second step: the app's code or a recovery code; starts the session. */
  loginSecondFactor: (code: string) => apiEnvelope<LoginData>('POST', '/api/user/login/2fa', { code }),
  register: (body: RegisterBody, turnstile = '') => api('POST', `/api/user/register${withTurnstile(turnstile)}`, body),
  sendEmailCode: (email: string, turnstile = '') => api('GET', `/api/verification?${query(turnstile ? { email, turnstile } : { email })}`),
  /** A one-time state for an authorize link; the callback must bring it back. */
  oauthState: () => api<string>('GET', '/api/oauth/state'),
  /** Signs in (data: the user) or, with a session, binds (message 'bind'). */
  oauthCallback: (provider: OAuthProvider, params: { code: string; state: string; aff: string }) => apiEnvelope<LoginData>('GET', `/api/oauth/${provider}?${query(params)}`),
  /** `aff`: the remembered invite code, for an account this sign-in opens. */
  weChatLogin: (code: string, aff: string) => api<LoginData>('GET', `/api/oauth/wechat?${query({ code, aff })}`),
  weChatBind: (code: string) => api('GET', `/api/oauth/wechat/bind?${query({ code })}`),
  /** The widget's signed fields go back as they came, so the server can check the hash. */
  telegramLogin: (fields: Record<string, string>) => api<LoginData>('GET', `/api/oauth/telegram/login?${query(fields)}`),
  telegramBind: (fields: Record<string, string>) => api('GET', `/api/oauth/telegram/bind?${query(fields)}`),
  emailBind: (email: string, code: string) => api('GET', `/api/oauth/email/bind?${query({ email, code })}`),
};
