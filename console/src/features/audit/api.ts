import { api, query } from '../../api/client';
import { type Page, toPage } from '../../api/page';
import { saveDownload } from '../../lib/save-download';
import type { AuditFilters } from './filters';

/** An admin or root write as the audit trail keeps it (GET /api/audit/). */
export interface AuditEvent {
  id: string;
  type: string;
  version: number;
  /** Milliseconds since the epoch. */
  occurred_at: number;
  actor_id: number;
  actor_name: string;
  address: string;
  target_kind: string;
  target_id: string;
  before: unknown;
  after: unknown;
  detail: unknown;
}

/** A stored run of the ledger's proof (GET /api/ledger_audit/). */
export interface LedgerAuditRun {
  id: string;
  ran_at: number;
  actor_name: string;
  address: string;
  clean: boolean;
  settled: boolean;
  events_folded: number;
  users_checked: number;
  tokens_checked: number;
  days_compared: number;
  drift_count: number;
  mismatch_count: number;
  drifts: { account: string; id: number; field: string; expected: number; actual: number }[];
  consumption_mismatches: { userId: number; day: string; ledger: number; logs: number }[];
}

export const AUDIT_PAGE_SIZE = 20;

const filterQuery = (filters: AuditFilters) => ({ ...filters, start_timestamp: filters.start_timestamp, end_timestamp: filters.end_timestamp });

export const auditApi = {
  list: async (filters: AuditFilters, page: number, signal?: AbortSignal) =>
    toPage(await api<Page<AuditEvent>>('GET', `/api/audit/?${query({ ...filterQuery(filters), p: page, page_size: AUDIT_PAGE_SIZE })}`, undefined, { signal }), page, AUDIT_PAGE_SIZE),
  ledgerRuns: (page: number, signal?: AbortSignal) =>
    api<Page<LedgerAuditRun> & { latest: LedgerAuditRun | null }>('GET', `/api/ledger_audit/?${query({ p: page, page_size: AUDIT_PAGE_SIZE })}`, undefined, { signal }),
  runLedgerAudit: () => api<LedgerAuditRun>('POST', '/api/ledger_audit/'),
};

/** The CSV export's address for these filters. */
export function auditExportUrl(filters: AuditFilters): string {
  return `/api/audit/export?${query({ format: 'csv', ...filterQuery(filters) })}`;
}

/** Downloads the export (streamed by the server) as a file. */
export const downloadAuditExport = (filters: AuditFilters) => saveDownload(auditExportUrl(filters), 'tollgate-audit.csv');
