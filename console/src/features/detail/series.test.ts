import { describe, expect, it } from 'vitest';
import type { QuotaDataRow } from '@tollgate/wire';
import { toUsageSeries, usageTotals } from './series';

const row = (created_at: number, model_name: string, quota: number, count: number, token_used: number): QuotaDataRow => ({ user_id: 0, username: '', model_name, created_at, quota, count, token_used });

describe('toUsageSeries', () => {
  const rows = [row(7200, 'gpt-4o', 30, 2, 100), row(3600, 'gpt-4o', 10, 1, 40), row(7200, 'claude-3', 5, 1, 9)];

  it('puts every model on one sorted time axis, zero where it has no bucket', () => {
    const series = toUsageSeries(rows);
    expect(series.buckets).toEqual([3600, 7200]);
    expect(series.quotaByModel).toEqual([{ name: 'claude-3', data: [0, 5] }, { name: 'gpt-4o', data: [10, 30] }]);
    expect(series.requests).toEqual([1, 3]);
    expect(series.tokens).toEqual([40, 109]);
  });

  it('adds up the totals line', () => {
    expect(usageTotals(rows)).toEqual({ quota: 45, requests: 4, tokens: 149 });
  });
});
