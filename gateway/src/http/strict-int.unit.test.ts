import { describe, expect, it } from 'vitest';
import { nonNegativeInt, parseStrictInt } from './strict-int.js';

describe('parseStrictInt', () => {
  it('reads decimal integers with an optional sign', () => {
    expect(['47', '+47', '-3', '0', '007'].map(parseStrictInt)).toEqual([47, 47, -3, 0, 7]);
    expect(parseStrictInt(12)).toBe(12);
  });

  it('refuses what Number() would read: hex, exponents, blanks, fractions, empty, huge (regression: New-Api-User 0x2f read as 47)', () => {
    for (const text of ['0x2f', '0b1', '0o7', '1e3', ' 7', '7 ', '1.0', '1.5', '', 'Infinity', '9007199254740993', '４７']) {
      expect(parseStrictInt(text), text).toBeUndefined();
    }
    expect(parseStrictInt(1.5)).toBeUndefined();
    expect(parseStrictInt(['1'])).toBeUndefined();
    expect(parseStrictInt(true)).toBeUndefined();
  });
});

describe('nonNegativeInt', () => {
  it('names the field when it refuses', () => {
    const quota = nonNegativeInt('quota');
    expect(quota.parse('100')).toBe(100);
    expect(quota.safeParse(-1).error?.issues[0]?.message).toBe('quota 不能为负数');
    expect(quota.safeParse('0x10').error?.issues[0]?.message).toBe('quota 必须是整数');
    expect(quota.safeParse(2.5).error?.issues[0]?.message).toBe('quota 必须是整数');
  });
});
