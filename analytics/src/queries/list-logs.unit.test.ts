import { describe, expect, it } from 'vitest';
import { CapturingQuerier } from '../testing/capturing-querier.js';
import { listLogs } from './list-logs.js';

const entry = {
  id: 'evt-1',
  created_at: '1717200000',
  type: 2,
  content: 'c',
  username: 'alice',
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

function querierAnswering() {
  return new CapturingQuerier(({ sql }) => (sql.includes('count()') ? [{ total: '41' }] : [entry]));
}

describe('listLogs', () => {
  it('counts first, then reads FINAL, newest first, paged by bound limit and offset', async () => {
    const querier = querierAnswering();
    await listLogs(querier)({ userId: 1, offset: 20, limit: 10 });
    const [count, rows] = querier.queries;
    expect(rows?.sql).toContain('FROM logs FINAL WHERE user_id = {userId:UInt64}');
    expect(rows?.sql).toMatch(/ORDER BY created_at DESC, id DESC LIMIT \{limit:UInt32\} OFFSET \{offset:UInt32\}$/);
    expect(rows?.params).toEqual({ userId: 1, limit: 10, offset: 20 });
    expect(count?.sql).toBe('SELECT count() AS total FROM logs FINAL WHERE user_id = {userId:UInt64}');
    expect(count?.params).toEqual({ userId: 1 });
  });

  it('coerces quoted 64-bit values from a server into numbers', async () => {
    const page = await listLogs(querierAnswering())({});
    expect(page.total).toBe(41);
    expect(page.items[0]).toMatchObject({ created_at: 1717200000, quota: 75, user_id: 1 });
  });

  it('defaults to the first 10 rows', async () => {
    const querier = querierAnswering();
    await listLogs(querier)({});
    expect(querier.queries[1]?.params).toEqual({ limit: 10, offset: 0 });
  });

  it('rejects a page size out of range before querying', async () => {
    const querier = querierAnswering();
    await expect(listLogs(querier)({ limit: 0 })).rejects.toThrow();
    await expect(listLogs(querier)({ limit: 1001 })).rejects.toThrow();
    expect(querier.queries).toEqual([]);
  });
});
