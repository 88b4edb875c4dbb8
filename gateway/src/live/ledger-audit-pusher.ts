import { latestLedgerAudit } from '../ops/ledger-audit-summary.js';
import type { AuditTrail } from '../ports/documents/audit-trail.js';
import type { ChangeNotices } from '../ports/hot-state/change-notices.js';
import type { LiveFanout } from '../ports/live-fanout.js';

/** The console's event with the latest ledger proof (ops/ledger-audit-summary.ts) after a run was recorded. */
export const OPS_LEDGER_AUDIT_EVENT = 'ops_ledger_audit';

/**
 * When a run of the ledger's proof is recorded on any gateway (or by the command in a cluster),
 * each gateway reads the newest run once and pushes it to its own administrators' consoles.
 * Nothing is read when no administrator has a console open here.
 */
export function pushLedgerAudits(notices: ChangeNotices, auditTrail: Pick<AuditTrail, 'page'>, local: LiveFanout, onError: (error: unknown) => void): () => void {
  return notices.subscribe((kind) => {
    if (kind !== 'ledgerAudit' || !local.reachesAdmins()) return;
    latestLedgerAudit(auditTrail).then((latest) => {
      if (latest) local.toAdmins(OPS_LEDGER_AUDIT_EVENT, latest);
    }, onError);
  });
}
