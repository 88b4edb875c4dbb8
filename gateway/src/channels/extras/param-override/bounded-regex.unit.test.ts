import { describe, expect, it } from 'vitest';
import { boundedRegex, goRegex, goReplacement, MAX_PATTERN } from './bounded-regex.js';

describe('boundedRegex', () => {
  it('compiles a pattern once, and refuses one that does not compile or is too long', () => {
    expect(boundedRegex('^a+$')).toBe(boundedRegex('^a+$'));
    expect(boundedRegex('(')).toBeNull();
    expect(boundedRegex('a'.repeat(MAX_PATTERN))).not.toBeNull();
    expect(boundedRegex('a'.repeat(MAX_PATTERN + 1))).toBeNull();
  });
});

describe('Go patterns and templates read as JavaScript', () => {
  it('turns leading flag groups into flags and (?P<name> into a named group', () => {
    expect(goRegex('(?i)^GPT', 'g')?.flags).toBe('gi');
    expect(goRegex('(?is)a.b')?.test('A\nB')).toBe(true);
    expect('gpt-4o'.replace(goRegex('(?P<family>[a-z]+)-(?P<size>\\w+)') ?? /x/, goReplacement('${size}@$family'))).toBe('4o@gpt');
    expect(goRegex('(?U)a+')).toBeNull();
  });

  it('spells numbered groups and keeps a literal dollar', () => {
    expect('ab'.replace(/(a)(b)/, goReplacement('${2}$1$$'))).toBe('ba$');
  });
});
