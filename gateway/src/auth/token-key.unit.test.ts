import { describe, expect, it } from 'vitest';
import { generateTokenKey, maskTokenKey, randomAlphanumeric, stripKeyPrefix } from './token-key.js';

describe('token keys', () => {
  it('are 48 alphanumerics without the sk- prefix', () => {
    const key = generateTokenKey();
    expect(key).toMatch(/^[A-Za-z0-9]{48}$/);
  });

  it('do not repeat', () => {
    const keys = new Set(Array.from({ length: 200 }, generateTokenKey));
    expect(keys.size).toBe(200);
  });

  it('random strings have the asked length', () => {
    expect(randomAlphanumeric(6)).toMatch(/^[A-Za-z0-9]{6}$/);
  });

  it('strips the wire prefix only when present', () => {
    expect(stripKeyPrefix('sk-abc')).toBe('abc');
    expect(stripKeyPrefix('abc')).toBe('abc');
  });

  it('mask as new-api: four and four around ten asterisks, two and two for 5 to 8 characters, all asterisks up to 4', () => {
    expect(maskTokenKey('abcdEFGHijklMNOPqrstUVWXyz0123456789ABCDEFGHwxyz')).toBe('abcd**********wxyz');
    expect(maskTokenKey('abcdefghi')).toBe('abcd**********fghi');
    expect(maskTokenKey('abcdefgh')).toBe('ab****gh');
    expect(maskTokenKey('abcde')).toBe('ab****de');
    expect(maskTokenKey('abcd')).toBe('****');
    expect(maskTokenKey('')).toBe('');
  });
});
