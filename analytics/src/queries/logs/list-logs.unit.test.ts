import { describe, expect, it } from 'vitest';
import { CapturingQuerier } from '../../testing/capturing-querier.js';
import { listLogs } from './list-logs.js';

const entry = {
  id: 'evt-1',
  created_at: '1717200000',
  type: 2,
  content: 'c',
  username: 'alice',
  token_id: '7',
  token_name: 't',
  model_name: 'm',
  quota: '75',
  prompt_tokens: 1,
  completion_tokens: 2,
  use_time: 3,
  is_stream: false,
  channel: 4,
  other: '{}',
  group: 'default',
  user_id: '1',
};

/** 41 matches: 1 within the hour, 12 the day, 30 the week, all 41 within the month by default. */
function querierAnswering(within = ['1', '12', '30', '41', '41']) {
  return new CapturingQuerier(({ sql }) => (sql.includes('count()') ? [{ total: '41', within }] : [entry]));
}

describe('listLogs', () => {
  it('counts in one pass, then reads the page FINAL from the narrowest window holding it', async () => {
    const querier = querierAnswering();
    const end = 1_717_200_000;
    await listLogs(querier)({ userId: 1, offset: 10, limit: 10, endTimestamp: end });
    const [count, rows] = querier.queries;
    expect(count?.sql).toContain('countIf(created_at >= toDateTime({since0:UInt32})), countIf(created_at >= toDateTime({since1:UInt32}))');
    expect(count?.sql).toContain('FROM logs WHERE user_id = {userId:UInt64} AND created_at <= toDateTime({endTimestamp:UInt32})');
    expect(count?.params).toMatchObject({ since0: end - 3_600, since1: end - 86_400, since4: end - 366 * 86_400 });
    // 20 rows are needed; the day holds 12, the week 30.
    expect(rows?.sql).toContain('FROM logs FINAL PREWHERE created_at >= toDateTime({since:UInt32}) WHERE user_id = {userId:UInt64}');
    expect(rows?.sql).toMatch(/ORDER BY created_at DESC, id DESC LIMIT \{limit:UInt32\} OFFSET \{offset:UInt32\}$/);
    expect(rows?.params).toEqual({ userId: 1, endTimestamp: end, limit: 10, offset: 10, since: end - 7 * 86_400 });
  });

  it('reads the last, partial page from the window that holds every match', async () => {
    const querier = querierAnswering();
    await listLogs(querier, () => 1_000_000_000_000)({ offset: 40, limit: 10 });
    expect(querier.queries[1]?.params).toMatchObject({ since: 1_000_000_000 - 31 * 86_400 });
  });

  it('reads without a bound when no window holds the page, and not at all past the total', async () => {
    // Rows older than a year: no window holds them.
    const querier = querierAnswering(['0', '0', '0', '0', '0']);
    await listLogs(querier)({ offset: 30, limit: 20 });
    expect(querier.queries[1]?.sql).not.toContain('PREWHERE');
    const past = querierAnswering();
    expect(await listLogs(past)({ offset: 41 })).toEqual({ items: [], total: 41 });
    expect(past.queries).toHaveLength(1);
  });

  it('coerces quoted 64-bit values from a server into numbers', async () => {
    const page = await listLogs(querierAnswering())({});
    expect(page.total).toBe(41);
    expect(page.items[0]).toMatchObject({ created_at: 1717200000, quota: 75, user_id: 1 });
  });

  it('defaults to the first 10 rows', async () => {
    const querier = querierAnswering();
    await listLogs(querier)({});
    expect(querier.queries[1]?.params).toMatchObject({ limit: 10, offset: 0 });
  });

  it('rejects a page size out of range before querying', async () => {
    const querier = querierAnswering();
    await expect(listLogs(querier)({ limit: 0 })).rejects.toThrow();
    await expect(listLogs(querier)({ limit: 1001 })).rejects.toThrow();
    expect(querier.queries).toEqual([]);
  });
});
