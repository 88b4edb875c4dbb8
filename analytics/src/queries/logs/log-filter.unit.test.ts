import { describe, expect, it } from 'vitest';
import { buildWhere, logFilterSchema, mysqlLikePattern, timeRangeKeys } from './log-filter.js';

describe('buildWhere', () => {
  it('is empty when no filter is set', () => {
    expect(buildWhere({})).toEqual({ sql: '', params: {} });
  });

  it('treats empty strings and zeros as unset', () => {
    expect(buildWhere({ type: 0, channel: 0, username: '', startTimestamp: 0 })).toEqual({ sql: '', params: {} });
  });

  it('binds each set filter to its own placeholder', () => {
    const where = buildWhere({ userId: 7, modelName: 'gpt-4o', endTimestamp: 1700000000 });
    expect(where.sql).toBe(
      'WHERE user_id = {userId:UInt64} AND model_name ILIKE {modelName:String} AND created_at <= toDateTime({endTimestamp:UInt32})',
    );
    expect(where.params).toEqual({ userId: 7, modelName: 'gpt-4o', endTimestamp: 1700000000 });
  });

  it('puts extra conditions first and drops ignored filters', () => {
    const where = buildWhere({ type: 3, startTimestamp: 5, tokenName: 't' }, ['type = 2'], ['type', ...timeRangeKeys]);
    expect(where).toEqual({ sql: 'WHERE type = 2 AND token_name = {tokenName:String}', params: { tokenName: 't' } });
  });
});

describe('mysqlLikePattern', () => {
  it.each([
    ['gpt-4o%', 'gpt-4o%'],
    ['a_b', 'a_b'],
    ['100\\%', '100\\%'],
    ['a\\_b', 'a\\_b'],
    ['back\\\\slash', 'back\\\\slash'],
    ['a\\b', 'ab'],
    ['end\\', 'end\\\\'],
  ])('reads %j as MySQL does: %j', (input, expected) => {
    expect(mysqlLikePattern(input)).toBe(expected);
  });

  it('is applied to the model filter when the filters are parsed', () => {
    expect(logFilterSchema.parse({ modelName: 'gpt\\' }).modelName).toBe('gpt\\\\');
  });
});
