import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-serializers.js';

describe('redactUrl', () => {
  it('hides credential query values and keeps the rest', () => {
    expect(redactUrl('/v1beta/models/g:generateContent?key=AIzaSECRET&alt=sse')).toBe('/v1beta/models/g:generateContent?key=[redacted]&alt=sse');
    expect(redactUrl('/x?alt=sse&api_key=s3cr3t')).toBe('/x?alt=sse&api_key=[redacted]');
    expect(redactUrl('/api/log/self/?p=1&keyword=key')).toBe('/api/log/self/?p=1&keyword=key');
  });

  it('hides the one-time codes and proofs of sign-in', () => {
    expect(redactUrl('/api/oauth/github?code=abc&state=xyz&aff=Ab1')).toBe('/api/oauth/github?code=[redacted]&state=[redacted]&aff=Ab1');
    expect(redactUrl('/api/oauth/email/bind?email=a@b.c&code=123456')).toBe('/api/oauth/email/bind?email=a@b.c&code=[redacted]');
    expect(redactUrl('/api/oauth/telegram/login?id=7&auth_date=1&hash=ff00')).toBe('/api/oauth/telegram/login?id=7&auth_date=1&hash=[redacted]');
    expect(redactUrl('/api/user/login?turnstile=tok')).toBe('/api/user/login?turnstile=[redacted]');
  });
});

describe('redactUrl, secrets elsewhere in the URL', () => {
  it('hides the keyword of the channel search, which matches channel keys (regression: the key was logged)', () => {
    expect(redactUrl('/api/channel/search?keyword=sk-upstream-SECRET&group=default')).toBe('/api/channel/search?keyword=[redacted]&group=default');
    expect(redactUrl('/api/channel/search/?keyword=sk-upstream-SECRET')).toBe('/api/channel/search/?keyword=[redacted]');
  });

  it('hides a credential however its name is spelled or encoded', () => {
    expect(redactUrl('/v1beta/models/g:generateContent?KEY=AIzaSECRET')).toBe('/v1beta/models/g:generateContent?KEY=[redacted]');
    expect(redactUrl('/v1beta/models/g:generateContent?%6Bey=AIzaSECRET&alt=sse')).toBe('/v1beta/models/g:generateContent?%6Bey=[redacted]&alt=sse');
    expect(redactUrl('/api/token/search?keyword=mine&token=sk-abc')).toBe('/api/token/search?keyword=mine&token=[redacted]');
    expect(redactUrl('/api/user/epay/notify?pid=1&sign=abc&money=1')).toBe('/api/user/epay/notify?pid=1&sign=[redacted]&money=1');
  });

  it('leaves URLs without a query, and malformed encodings, readable', () => {
    expect(redactUrl('/v1/chat/completions')).toBe('/v1/chat/completions');
    expect(redactUrl('/x?%E0%A4%A=1&key=s')).toBe('/x?%E0%A4%A=1&key=[redacted]');
  });
});
