import { describe, expect, it } from 'vitest';
import { wholeMinutes } from './whole-minutes.js';

describe('wholeMinutes', () => {
  it('leaves the seconds before the first and after the last whole minute to raw rows', () => {
    expect(wholeMinutes(100, 400)).toEqual({
      rollup: ['minute >= {first:DateTime}', 'minute < {after:DateTime}'],
      raw: '((created_at >= {start:DateTime} AND created_at < {first:DateTime}) OR (created_at >= {after:DateTime} AND created_at <= {end:DateTime}))',
      params: { start: 100, first: 120, end: 400, after: 360 },
    });
  });

  it('needs no raw rows for a range on whole minutes, or none at all', () => {
    expect(wholeMinutes(120, 359).raw).toBe('false');
    expect(wholeMinutes(undefined, undefined)).toEqual({ rollup: [], raw: 'false', params: {} });
    expect(wholeMinutes(undefined, 59)).toMatchObject({ rollup: ['minute < {after:DateTime}'], raw: 'false' });
  });

  it('reads a range inside one minute raw, whole', () => {
    expect(wholeMinutes(130, 170)).toEqual({
      rollup: ['false'],
      raw: 'created_at >= {start:DateTime} AND created_at <= {end:DateTime}',
      params: { start: 130, end: 170 },
    });
    expect(wholeMinutes(61, 119).rollup).toEqual(['false']);
  });
});
