import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../../test/api-app.js';
import { startMockSmtp } from '../../../test/support/mock-smtp.js';
import { buildSignInHarness, SIGN_IN_SETTINGS } from '../../../test/support/gateways/sign-in-harness.js';

const turnstileOn = { TurnstileCheckEnabled: 'true', TurnstileSiteKey: 'site-key', TurnstileSecretKey: SIGN_IN_SETTINGS.turnstile.secret };
const loginBody = { username: 'root', password: '123456' };

describe('Turnstile check through a siteverify stand-in', () => {
  it('TurnstileCheckEnabled: lets login through only with a token siteverify accepts, each token once', async () => {
    const { app, mock } = await buildSignInHarness(turnstileOn);
    const post = async (query: string) => (await app.inject({ method: 'POST', url: `/api/user/login${query}`, payload: loginBody })).json<Envelope>();
    expect(await post('')).toEqual({ success: false, message: 'Turnstile token 为空' });
    expect(await post('?turnstile=made-up')).toEqual({ success: false, message: 'Turnstile 校验失败，请刷新重试！' });
    const token = mock.turnstileToken();
    expect((await post(`?turnstile=${token}`)).success).toBe(true);
    expect(await post(`?turnstile=${token}`)).toEqual({ success: false, message: 'Turnstile 校验失败，请刷新重试！' });
    const verify = mock.seen.filter((r) => r.path === '/turnstile/v0/siteverify').at(-1);
    expect(Object.fromEntries(new URLSearchParams(verify?.body))).toEqual({ secret: 'turnstile-secret-value', response: token, remoteip: '127.0.0.1' });
  });

  it('TurnstileCheckEnabled: guards registration, verification mails and password reset mails as well', async () => {
    const smtp = await startMockSmtp();
    const { app, mock } = await buildSignInHarness({ ...turnstileOn, ...smtp.options });
    const empty = { success: false, message: 'Turnstile token 为空' };
    const register = { username: 'alice', password: 'password123', password2: 'password123' };
    expect((await app.inject({ method: 'POST', url: '/api/user/register', payload: register })).json()).toEqual(empty);
    expect((await app.inject({ method: 'GET', url: '/api/verification?email=a@example.com' })).json()).toEqual(empty);
    expect((await app.inject({ method: 'GET', url: '/api/reset_password?email=a@example.com' })).json()).toEqual(empty);
    expect(smtp.mails).toHaveLength(0);
    expect((await app.inject({ method: 'POST', url: `/api/user/register?turnstile=${mock.turnstileToken()}`, payload: register })).json()).toMatchObject({ success: true });
    expect((await app.inject({ method: 'GET', url: `/api/verification?email=a@example.com&turnstile=${mock.turnstileToken()}` })).json()).toMatchObject({ success: true });
  });

  it('TurnstileCheckEnabled, TurnstileSecretKey: fails closed with the wrong secret or an unreachable siteverify', async () => {
    const wrong = await buildSignInHarness({ ...turnstileOn, TurnstileSecretKey: 'wrong' });
    const attempt = async (h: typeof wrong) => (await h.app.inject({ method: 'POST', url: `/api/user/login?turnstile=${h.mock.turnstileToken()}`, payload: loginBody })).json<Envelope>();
    expect(await attempt(wrong)).toEqual({ success: false, message: 'Turnstile 校验失败，请刷新重试！' });
    const down = await buildSignInHarness(turnstileOn);
    const token = down.mock.turnstileToken();
    await down.mock.close();
    expect((await down.app.inject({ method: 'POST', url: `/api/user/login?turnstile=${token}`, payload: loginBody })).json()).toEqual({ success: false, message: 'Turnstile 校验服务暂时不可用，请稍后重试' });
  });
});
