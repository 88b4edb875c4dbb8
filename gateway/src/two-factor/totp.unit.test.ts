import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { normalizeBackupCode, newBackupCodes } from './backup-codes.js';
import { matchingStep, newTotpSecret, otpauthUrl, stepAt } from './totp.js';

const codeAt = (secret: string, timestamp: number) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });

describe('TOTP', () => {
  const secret = newTotpSecret();
  const now = 1_700_000_015_000;

  it('makes 160-bit base32 secrets, different each time', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('accepts the code of the step before, at and after now, and names that step', () => {
    for (const offset of [-1, 0, 1]) expect(matchingStep(secret, codeAt(secret, now + offset * 30_000), now)).toBe(stepAt(now) + offset);
    expect(matchingStep(secret, codeAt(secret, now + 60_000), now)).toBeNull();
    expect(matchingStep(secret, codeAt(secret, now - 60_000), now)).toBeNull();
  });

  it('reads six digits with spaces, and nothing else', () => {
    const code = codeAt(secret, now);
    expect(matchingStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(stepAt(now));
    expect(matchingStep(secret, `${code}0`, now)).toBeNull();
    expect(matchingStep(secret, 'abcdef', now)).toBeNull();
  });

  it('writes the otpauth URL apps import: issuer, account, secret, SHA1, 6 digits, 30 s', () => {
    const url = new URL(otpauthUrl(secret, 'Acme Gate', 'alice'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Acme Gate:alice');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ issuer: 'Acme Gate', secret, algorithm: 'SHA1', digits: '6', period: '30' });
  });
});

describe('recovery codes', () => {
  it('are four XXXX-XXXX codes of capitals and digits', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(4);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(new Set(codes).size).toBe(4);
  });

  it('are read without dashes, spaces or case, and nothing that cannot be one', () => {
    expect(normalizeBackupCode('ab12-cd34')).toBe('AB12CD34');
    expect(normalizeBackupCode(' AB12 CD34 ')).toBe('AB12CD34');
    expect(normalizeBackupCode('AB12-CD3')).toBeNull();
    expect(normalizeBackupCode('AB12-CD3!')).toBeNull();
  });
});
