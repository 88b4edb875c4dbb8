import { describe, expect, it } from 'vitest';
import { CapturingQuerier } from '../../testing/capturing-querier.js';
import { quotaData } from './quota-data.js';

const range = { startTimestamp: 100, endTimestamp: 200 };

describe('quotaData', () => {
  it('reads the rollup, never logs, and sums all users per model and hour by default', async () => {
    const querier = new CapturingQuerier();
    await quotaData(querier)(range);
    const [query] = querier.queries;
    expect(query?.sql).toContain('FROM usage_per_minute WHERE minute >= toDateTime({start:UInt32}) AND minute <= toDateTime({end:UInt32})');
    expect(query?.sql).toContain("toUInt64(0) AS user_id, '' AS username");
    expect(query?.sql).toContain('toUnixTimestamp(toStartOfHour(minute)) AS created_at');
    expect(query?.sql).toContain('GROUP BY model_name, created_at');
    expect(query?.params).toEqual({ start: 100, end: 200 });
  });

  it('reads whole hours from the hourly rollup and the minutes at the edges from the minute rollup', async () => {
    const querier = new CapturingQuerier();
    await quotaData(querier)({ startTimestamp: 3_000, endTimestamp: 11_000 });
    const sql = querier.queries[0]?.sql ?? '';
    expect(sql).toContain('FROM usage_per_hour WHERE hour >= toDateTime({firstHour:UInt32}) AND hour <= toDateTime({lastHour:UInt32})');
    expect(sql).toContain(' UNION ALL ');
    expect(sql).toContain('FROM usage_per_minute WHERE minute >= toDateTime({start:UInt32}) AND minute <= toDateTime({end:UInt32}) AND (minute < toDateTime({firstHour:UInt32}) OR minute > toDateTime({lastHour:UInt32}) + 3540)');
    expect(querier.queries[0]?.params).toEqual({ start: 3_000, end: 11_000, firstHour: 3_600, lastHour: 7_200 });
  });

  it.each([
    ['day', 'toStartOfDay(minute)'],
    ['week', "toMonday(minute)"],
  ] as const)('buckets by %s', async (granularity, expression) => {
    const querier = new CapturingQuerier();
    await quotaData(querier)({ ...range, granularity });
    expect(querier.queries[0]?.sql).toContain(expression);
  });

  it('scopes to a user and keeps the user on each row', async () => {
    const querier = new CapturingQuerier(() => [
      { user_id: '7', username: 'bob', model_name: 'm', created_at: '3600', token_used: '5', count: '1', quota: '9' },
    ]);
    const rows = await quotaData(querier)({ ...range, userId: 7, username: 'bob' });
    expect(querier.queries[0]?.sql).toContain('AND user_id = {userId:UInt64} AND username = {username:String}');
    expect(querier.queries[0]?.sql).toContain('GROUP BY user_id, username, model_name, created_at');
    expect(rows).toEqual([{ user_id: 7, username: 'bob', model_name: 'm', created_at: 3600, token_used: 5, count: 1, quota: 9 }]);
  });

  it('rejects an inverted range or an unknown granularity before querying', async () => {
    const querier = new CapturingQuerier();
    await expect(quotaData(querier)({ startTimestamp: 2, endTimestamp: 1 })).rejects.toThrow();
    await expect(quotaData(querier)({ ...range, granularity: 'month' as 'day' })).rejects.toThrow();
    expect(querier.queries).toEqual([]);
  });
});
