import { describe, expect, it } from 'vitest';
import { CapturingQuerier } from '../../testing/capturing-querier.js';
import { deleteLogsBefore } from './delete-logs.js';

describe('deleteLogsBefore', () => {
  it('counts the deduplicated rows, records the cutoff, drops whole months, then deletes the rest by the same condition', async () => {
    const querier = new CapturingQuerier(({ sql }) => (sql.includes('system.parts') ? [{ partition_id: '202309' }] : [{ deleted: '3' }]));
    expect(await deleteLogsBefore(querier)(1700000000)).toBe(3);
    expect(querier.queries[0]?.sql).toBe('SELECT count() AS deleted FROM logs FINAL WHERE created_at < toDateTime({before:UInt32})');
    expect(querier.inserts).toEqual([{ table: 'logs_deleted_before', rows: [{ before: 1700000000 }] }]);
    expect(querier.queries[1]?.params).toEqual({ table: 'logs', before: 1700000000 });
    expect(querier.commands).toEqual([
      { sql: "ALTER TABLE logs DROP PARTITION ID '202309'", params: {} },
      { sql: 'DELETE FROM logs WHERE created_at < toDateTime({before:UInt32})', params: { before: 1700000000 } },
    ]);
  });

  it('never puts a partition id that is not a month into the statement', async () => {
    const querier = new CapturingQuerier(({ sql }) => (sql.includes('system.parts') ? [{ partition_id: "1'; DROP TABLE logs" }] : [{ deleted: 1 }]));
    await expect(deleteLogsBefore(querier)(1700000000)).rejects.toThrow();
    expect(querier.commands).toEqual([]);
  });

  it('skips the DELETE when nothing is that old', async () => {
    const querier = new CapturingQuerier(() => [{ deleted: 0 }]);
    expect(await deleteLogsBefore(querier)(1700000000)).toBe(0);
    expect(querier.commands).toEqual([]);
    expect(querier.inserts).toHaveLength(1);
  });

  it('rejects a fractional or negative timestamp', async () => {
    const querier = new CapturingQuerier();
    await expect(deleteLogsBefore(querier)(-1)).rejects.toThrow();
    await expect(deleteLogsBefore(querier)(1.5)).rejects.toThrow();
  });
});
