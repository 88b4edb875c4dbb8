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
