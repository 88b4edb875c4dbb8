import { describe, expect, it } from 'vitest';
import { CapturingQuerier } from '../../testing/capturing-querier.js';
import { logStats } from './log-stats.js';

const nowMs = 1_717_200_030_500;

function querierAnswering(deletedBefore = 0) {
  return new CapturingQuerier(({ sql }) => {
    if (sql.includes('max(before)')) return [{ before: String(deletedBefore) }];
    return sql.includes('sum(quota)') ? [{ quota: '9' }] : [{ rpm: '2', tpm: 30 }];
  });
}

/** The queries after the cutoff lookup, which every call makes first. */
const statQueries = (querier: CapturingQuerier) => querier.queries.filter((query) => !query.sql.includes('max(before)'));

describe('logStats', () => {
  it('sums the rollup over the whole minutes and raw consume rows over the seconds at the edges', async () => {
    const querier = querierAnswering();
    await logStats(querier, () => nowMs)({ type: 1, username: 'bob', startTimestamp: 100, endTimestamp: 400 });
    const [rollup, edges] = statQueries(querier);
    expect(rollup).toEqual({
      sql: 'SELECT sum(quota) AS quota FROM usage_per_minute WHERE minute >= toDateTime({first:UInt32}) AND minute < toDateTime({after:UInt32}) AND username = {username:String}',
      params: { username: 'bob', start: 100, first: 120, end: 400, after: 360 },
    });
    expect(edges?.sql).toBe(
      'SELECT sum(quota) AS quota FROM logs WHERE type = 2 AND ((created_at >= toDateTime({start:UInt32}) AND created_at < toDateTime({first:UInt32})) OR (created_at >= toDateTime({after:UInt32}) AND created_at <= toDateTime({end:UInt32}))) AND username = {username:String} AND created_at >= toDateTime({startTimestamp:UInt32}) AND created_at <= toDateTime({endTimestamp:UInt32})',
    );
  });

  it('reads only the rollup when the range is open or on whole minutes', async () => {
    const querier = querierAnswering();
    await logStats(querier, () => nowMs)({ startTimestamp: 120, endTimestamp: 359 });
    await logStats(querier, () => nowMs)({});
    expect(querier.queries.filter((query) => query.sql.includes('FROM logs WHERE'))).toEqual([]);
    expect(statQueries(querier)[2]?.sql).toBe('SELECT sum(quota) AS quota FROM usage_per_minute');
  });

  it('counts the last 60 seconds of the clock with FINAL, ignoring the time range', async () => {
    const querier = querierAnswering();
    await logStats(querier, () => nowMs)({ username: 'bob', startTimestamp: 120, endTimestamp: 359 });
    expect(statQueries(querier)[1]).toEqual({
      sql: 'SELECT count() AS rpm, sum(prompt_tokens + completion_tokens) AS tpm FROM logs FINAL PREWHERE created_at >= toDateTime({since:UInt32}) WHERE type = 2 AND username = {username:String}',
      params: { username: 'bob', since: 1_717_200_030 - 60 },
    });
  });

  it('starts the quota at the last deletion cutoff when it is later than the range', async () => {
    const querier = querierAnswering(1_000);
    await logStats(querier, () => nowMs)({ startTimestamp: 100 });
    expect(querier.queries[0]?.sql).toBe('SELECT max(before) AS before FROM logs_deleted_before');
    expect(statQueries(querier)[0]?.params).toEqual({ start: 1_000, first: 1_020 });
  });

  it('adds the rollup and the edges, as numbers whatever the engine quoted', async () => {
    expect(await logStats(querierAnswering(), () => nowMs)({ startTimestamp: 1 })).toEqual({ quota: 18, rpm: 2, tpm: 30 });
  });
});
