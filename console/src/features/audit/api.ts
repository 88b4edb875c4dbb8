import type { AuditEventRow, LedgerAuditRun, LedgerAuditRunPage } from '@tollgate/wire';
import { api, query } from '../../api/client';
import { type Page, toPage } from '../../api/page';
import { saveDownload } from '../../lib/save-download';
import type { AuditFilters } from './filters';

export type { AuditEventRow as AuditEvent, LedgerAuditRun };

export const AUDIT_PAGE_SIZE = 20;

const filterQuery = (filters: AuditFilters) => ({ ...filters, start_timestamp: filters.start_timestamp, end_timestamp: filters.end_timestamp });

export const auditApi = {
  list: async (filters: AuditFilters, page: number, signal?: AbortSignal) =>
    toPage(await api<Page<AuditEventRow>>('GET', `/api/audit/?${query({ ...filterQuery(filters), p: page, page_size: AUDIT_PAGE_SIZE })}`, undefined, { signal }), page, AUDIT_PAGE_SIZE),
  ledgerRuns: (page: number, signal?: AbortSignal) =>
    api<LedgerAuditRunPage>('GET', `/api/ledger_audit/?${query({ p: page, page_size: AUDIT_PAGE_SIZE })}`, undefined, { signal }),
  runLedgerAudit: () => api<LedgerAuditRun>('POST', '/api/ledger_audit/'),
};

/** The CSV export's address for these filters. */
export function auditExportUrl(filters: AuditFilters): string {
  return `/api/audit/export?${query({ format: 'csv', ...filterQuery(filters) })}`;
}

/** Downloads the export (streamed by the server) as a file. */
export const downloadAuditExport = (filters: AuditFilters) => saveDownload(auditExportUrl(filters), 'tollgate-audit.csv');
