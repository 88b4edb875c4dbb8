import { describe, expect, it } from 'vitest';
import { registerProblem } from './sections/password-register-form';

describe('register rules', () => {
  it('wants a username and a password, 8 characters, twice the same', () => {
    expect(registerProblem('', 'long-enough', 'long-enough')).toBe('auth.empty');
    expect(registerProblem('amy', 'short', 'short')).toBe('auth.passwordShort');
    expect(registerProblem('amy', 'long-enough', 'long-enougH')).toBe('auth.passwordMismatch');
    expect(registerProblem('amy', 'long-enough', 'long-enough')).toBeNull();
  });
});
