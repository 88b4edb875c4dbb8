import type { LedgerAuditSummary } from '@tollgate/wire';
import type { AuditEvent } from '../ports/documents/audit-event.js';
import type { AuditTrail } from '../ports/documents/audit-trail.js';

/** Where the console lists every run with its drifts. */
export const LEDGER_AUDIT_PAGE = '/audit/ledger';

interface StoredCounts {
  clean?: unknown;
  settled?: unknown;
  drift_count?: unknown;
  mismatch_count?: unknown;
}

const count = (value: unknown) => (typeof value === 'number' ? value : 0);

export function ledgerAuditSummaryOf(event: AuditEvent): LedgerAuditSummary {
  const detail = (event.detail ?? {}) as StoredCounts;
  return {
    ranAt: event.occurredAt,
    clean: detail.clean === true,
    settled: detail.settled !== false,
    driftCount: count(detail.drift_count),
    mismatchCount: count(detail.mismatch_count),
    address: event.address,
    link: LEDGER_AUDIT_PAGE,
  };
}

/** The newest stored run (`LedgerAudited`), or null before the first. */
export async function latestLedgerAudit(auditTrail: Pick<AuditTrail, 'page'>): Promise<LedgerAuditSummary | null> {
  const [latest] = (await auditTrail.page({ type: 'LedgerAudited' }, 0, 1)).items;
  return latest ? ledgerAuditSummaryOf(latest) : null;
}
