import { describe, expect, it } from 'vitest';
import { CapturingQuerier } from '../testing/capturing-querier.js';
import { logStats } from './log-stats.js';

const nowMs = 1_717_200_030_500;

function querierAnswering() {
  return new CapturingQuerier(({ sql }) => (sql.includes('sum(quota)') ? [{ quota: '9' }] : [{ rpm: '2', tpm: 30 }]));
}

describe('logStats', () => {
  it('sums consume quota within the filter and time range', async () => {
    const querier = querierAnswering();
    await logStats(querier, () => nowMs)({ type: 1, username: 'bob', startTimestamp: 100 });
    expect(querier.queries[0]).toEqual({
      sql: 'SELECT sum(quota) AS quota FROM logs FINAL WHERE type = 2 AND username = {username:String} AND created_at >= {startTimestamp:DateTime}',
      params: { username: 'bob', startTimestamp: 100 },
    });
  });

  it('counts the last 60 seconds of the clock, ignoring the time range', async () => {
    const querier = querierAnswering();
    await logStats(querier, () => nowMs)({ username: 'bob', startTimestamp: 100, endTimestamp: 200 });
    expect(querier.queries[1]).toEqual({
      sql: 'SELECT count() AS rpm, sum(prompt_tokens + completion_tokens) AS tpm FROM logs FINAL WHERE type = 2 AND created_at >= {since:DateTime} AND username = {username:String}',
      params: { username: 'bob', since: 1_717_200_030 - 60 },
    });
  });

  it('returns numbers whatever the engine quoted', async () => {
    expect(await logStats(querierAnswering(), () => nowMs)({})).toEqual({ quota: 9, rpm: 2, tpm: 30 });
  });
});
