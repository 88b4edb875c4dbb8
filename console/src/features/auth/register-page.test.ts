import { describe, expect, it } from 'vitest';
import { registerProblem } from './register-page';

describe('register rules', () => {
  it('wants a username and a password', () => {
    expect(registerProblem('', 'long-enough', 'long-enough')).toBe('auth.empty');
  });

  it('wants at least 8 characters', () => {
    expect(registerProblem('amy', 'short', 'short')).toBe('auth.passwordShort');
  });

  it('wants the two passwords to match', () => {
    expect(registerProblem('amy', 'long-enough', 'long-enougH')).toBe('auth.passwordMismatch');
    expect(registerProblem('amy', 'long-enough', 'long-enough')).toBeNull();
  });
});
