import { describe, expect, it } from 'vitest';
import { wholeMinutes } from './whole-minutes.js';

describe('wholeMinutes', () => {
  it('leaves the seconds before the first and after the last whole minute to raw rows', () => {
    expect(wholeMinutes(100, 400)).toEqual({
      rollup: ['minute >= toDateTime({first:UInt32})', 'minute < toDateTime({after:UInt32})'],
      raw: '((created_at >= toDateTime({start:UInt32}) AND created_at < toDateTime({first:UInt32})) OR (created_at >= toDateTime({after:UInt32}) AND created_at <= toDateTime({end:UInt32})))',
      params: { start: 100, first: 120, end: 400, after: 360 },
    });
  });

  it('needs no raw rows for a range on whole minutes, or none at all', () => {
    expect(wholeMinutes(120, 359).raw).toBe('false');
    expect(wholeMinutes(undefined, undefined)).toEqual({ rollup: [], raw: 'false', params: {} });
    expect(wholeMinutes(undefined, 59)).toMatchObject({ rollup: ['minute < toDateTime({after:UInt32})'], raw: 'false' });
  });

  it('reads a range inside one minute raw, whole', () => {
    expect(wholeMinutes(130, 170)).toEqual({
      rollup: ['false'],
      raw: 'created_at >= toDateTime({start:UInt32}) AND created_at <= toDateTime({end:UInt32})',
      params: { start: 130, end: 170 },
    });
    expect(wholeMinutes(61, 119).rollup).toEqual(['false']);
  });
});
