import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { klingToken } from './kling-jwt.js';

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;

describe('klingToken', () => {
  it('signs an HS256 JWT issued by the access key with the secret key, valid from 5 s ago for 30 minutes', () => {
    const [header = '', payload = '', signature = ''] = klingToken(' ak-1 | sk-2 ', 1_000_000).split('.');
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decode(payload)).toEqual({ iss: 'ak-1', exp: 1_001_800, nbf: 999_995 });
    expect(signature).toBe(createHmac('sha256', 'sk-2').update(`${header}.${payload}`).digest('base64url'));
  });

  it('sends a key without a secret as it is (a relay taking a plain bearer key)', () => {
    expect(klingToken('sk-relay')).toBe('sk-relay');
  });
});
