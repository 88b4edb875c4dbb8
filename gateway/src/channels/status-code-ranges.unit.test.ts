import { describe, expect, it } from 'vitest';
import { checkOptionValue } from '../options/option-schema.js';
import { formatStatusRanges, inRanges, parseStatusRanges } from './status-code-ranges.js';

describe('status code rules (AutomaticDisableStatusCodes, AutomaticRetryStatusCodes)', () => {
  it('given codes and ranges in any order, with a full-width comma, then they are sorted and merged', () => {
    const parsed = parseStatusRanges('500-503， 401, 429,502-510 ,511');
    expect(parsed.ok && formatStatusRanges(parsed.ranges)).toBe('401,429,500-511');
  });

  it('given an empty rule, then nothing matches', () => {
    const parsed = parseStatusRanges('  ');
    expect(parsed).toEqual({ ok: true, ranges: [] });
    expect(inRanges([], 500)).toBe(false);
  });

  it.each(['abc', '600', '99', '503-500', '500-', '4xx'])('given %j, then it is named as invalid', (token) => {
    expect(parseStatusRanges(`401,${token}`)).toEqual({ ok: false, invalid: [token] });
  });

  it('AutomaticRetryStatusCodes and AutomaticDisableStatusCodes are stored normalised, and refused with the bad token named', () => {
    expect(checkOptionValue('AutomaticRetryStatusCodes', '502,500-501 ,429')).toEqual({ ok: true, value: '429,500-502' });
    expect(checkOptionValue('AutomaticDisableStatusCodes', '401,700')).toMatchObject({ ok: false, problem: expect.stringContaining('AutomaticDisableStatusCodes 含无效的状态码规则：700') });
  });
});
