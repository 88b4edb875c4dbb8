import type { ChartSeries } from '../../components/ui/chart';
import type { QuotaDataRow } from '@tollgate/wire';
import type { Granularity } from './api';

export interface UsageSeries {
  /** Bucket starts, oldest first (seconds since the epoch). */
  buckets: number[];
  /** Quota per model, one point per bucket (stacked in the chart). */
  quotaByModel: ChartSeries[];
  requests: number[];
  tokens: number[];
}

export interface UsageTotals {
  quota: number;
  requests: number;
  tokens: number;
}

/** Lays the server's rows (one per bucket and model, maybe per user) on a shared time axis. */
export function toUsageSeries(rows: QuotaDataRow[]): UsageSeries {
  const buckets = [...new Set(rows.map((row) => row.created_at))].sort((a, b) => a - b);
  const slot = new Map(buckets.map((bucket, index) => [bucket, index]));
  const zeros = () => buckets.map(() => 0);
  const byModel = new Map<string, number[]>();
  const requests = zeros();
  const tokens = zeros();
  for (const row of rows) {
    const at = slot.get(row.created_at) ?? 0;
    const quota = byModel.get(row.model_name) ?? zeros();
    quota[at] = (quota[at] ?? 0) + row.quota;
    byModel.set(row.model_name, quota);
    requests[at] = (requests[at] ?? 0) + row.count;
    tokens[at] = (tokens[at] ?? 0) + row.token_used;
  }
  const quotaByModel = [...byModel].sort(([a], [b]) => a.localeCompare(b)).map(([name, data]) => ({ name, data }));
  return { buckets, quotaByModel, requests, tokens };
}

export function usageTotals(rows: QuotaDataRow[]): UsageTotals {
  return rows.reduce((sum, row) => ({ quota: sum.quota + row.quota, requests: sum.requests + row.count, tokens: sum.tokens + row.token_used }), { quota: 0, requests: 0, tokens: 0 });
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A bucket's axis label in local time: hours show the hour, days and weeks the date. */
export function bucketLabel(epochSeconds: number, granularity: Granularity): string {
  const at = new Date(epochSeconds * 1000);
  const day = `${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return granularity === 'hour' ? `${day} ${pad(at.getHours())}:00` : day;
}
