import { describe, expect, it } from 'vitest';
import { CapturingQuerier } from '../testing/capturing-querier.js';
import { deleteLogsBefore } from './delete-logs.js';

describe('deleteLogsBefore', () => {
  it('counts the deduplicated rows, then deletes them with the same bound condition', async () => {
    const querier = new CapturingQuerier(() => [{ deleted: '3' }]);
    expect(await deleteLogsBefore(querier)(1700000000)).toBe(3);
    expect(querier.queries[0]?.sql).toBe('SELECT count() AS deleted FROM logs FINAL WHERE created_at < {before:DateTime}');
    expect(querier.commands).toEqual([
      { sql: 'DELETE FROM logs WHERE created_at < {before:DateTime}', params: { before: 1700000000 } },
    ]);
  });

  it('skips the DELETE when nothing is that old', async () => {
    const querier = new CapturingQuerier(() => [{ deleted: 0 }]);
    expect(await deleteLogsBefore(querier)(1700000000)).toBe(0);
    expect(querier.commands).toEqual([]);
  });

  it('rejects a fractional or negative timestamp', async () => {
    const querier = new CapturingQuerier();
    await expect(deleteLogsBefore(querier)(-1)).rejects.toThrow();
    await expect(deleteLogsBefore(querier)(1.5)).rejects.toThrow();
  });
});
