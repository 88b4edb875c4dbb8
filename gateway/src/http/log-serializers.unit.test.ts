import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-serializers.js';

describe('redactUrl', () => {
  it('hides credential query values and keeps the rest', () => {
    expect(redactUrl('/v1beta/models/g:generateContent?key=AIzaSECRET&alt=sse')).toBe('/v1beta/models/g:generateContent?key=[redacted]&alt=sse');
    expect(redactUrl('/x?alt=sse&api_key=s3cr3t')).toBe('/x?alt=sse&api_key=[redacted]');
    expect(redactUrl('/api/log/self/?p=1&keyword=key')).toBe('/api/log/self/?p=1&keyword=key');
  });
});
