import { describe, expect, it } from 'vitest';
import { buildApiHarness } from '../../test/api-app.js';

const LIMITS = { GLOBAL_API_RATE_LIMIT: '5', GLOBAL_API_RATE_LIMIT_DURATION: '60', CRITICAL_RATE_LIMIT: '2', CRITICAL_RATE_LIMIT_DURATION: '600' };

describe('API rate limits per client IP', () => {
  it('answers 429 in the envelope, with Retry-After, past GLOBAL_API_RATE_LIMIT calls', async () => {
    const { app } = await buildApiHarness({}, LIMITS);
    const status = (ip: string) => app.inject({ method: 'GET', url: '/api/status', remoteAddress: ip });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await status('198.51.100.1'));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const refused = answers[5];
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json()).toEqual({ success: false, message: '请求过于频繁，请稍后再试' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await status('198.51.100.2')).statusCode).toBe(200);
  });

  it('allows only CRITICAL_RATE_LIMIT sign-in attempts, while other calls go on', async () => {
    const { app } = await buildApiHarness({}, LIMITS);
    const login = () => app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: '198.51.100.7', payload: { username: 'root', password: 'guess' } });
    expect((await login()).json()).toMatchObject({ success: false });
    expect((await login()).statusCode).toBe(200);
    const third = await login();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ success: false, message: '请求过于频繁，请稍后再试' });
    expect((await app.inject({ method: 'GET', url: '/api/status', remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
  });

  it('counts third-party sign-in and binding calls against the same tight limit', async () => {
    const { app } = await buildApiHarness({}, LIMITS);
    const call = (url: string) => app.inject({ method: 'GET', url, remoteAddress: '198.51.100.9' });
    expect((await call('/api/oauth/github?code=x&state=y')).statusCode).toBe(403);
    expect((await call('/api/oauth/telegram/login?id=1')).statusCode).toBe(200);
    expect((await call('/api/oauth/wechat?code=x')).statusCode).toBe(429);
    expect((await call('/api/oauth/email/bind?email=a@example.com&code=x')).statusCode).toBe(429);
    expect((await call('/api/oauth/state')).statusCode).toBe(200);
  });

  it('counts Stripe and Creem checkouts against the tight limit, as new-api does, but not the quote', async () => {
    const { app } = await buildApiHarness({}, LIMITS);
    const post = (url: string) => app.inject({ method: 'POST', url, remoteAddress: '198.51.100.11', payload: {} });
    expect((await post('/api/user/stripe/pay')).statusCode).toBe(401);
    expect((await post('/api/user/creem/pay')).statusCode).toBe(401);
    expect((await post('/api/user/stripe/pay')).statusCode).toBe(429);
    expect((await post('/api/user/stripe/amount')).statusCode).toBe(401);
  });
});
