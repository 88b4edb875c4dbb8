import type { QuotaDataRow } from '@tollgate/wire';
import { api, query } from '../../api/client';

export const granularities = ['hour', 'day', 'week'] as const;
export type Granularity = (typeof granularities)[number];

export interface DetailFilters {
  start_timestamp: number;
  end_timestamp: number;
  granularity: Granularity;
  /** Admins only: one user's rows. */
  username: string;
}

export type ExportKind = 'log' | 'data';
export type ExportFormat = 'csv' | 'jsonl';

export const detailApi = {
  quotaData: ({ username, ...range }: DetailFilters, admin: boolean, signal?: AbortSignal) =>
    api<QuotaDataRow[]>('GET', `/api/data/${admin ? '' : 'self/'}?${query(admin ? { ...range, username } : range)}`, undefined, { signal }),
};

/** The finance export's address; the browser downloads it with the session cookie. */
export function exportUrl(kind: ExportKind, format: ExportFormat, { start_timestamp, end_timestamp }: { start_timestamp: number; end_timestamp: number }): string {
  return `/api/${kind}/export?${query({ format, start_timestamp, end_timestamp })}`;
}
