import type { LedgerAuditFindings } from '@tollgate/wire';
import { type AuditEvent, newAuditEvent } from '../ports/documents/audit-event.js';
import type { AccountsContext } from '../contexts/accounts.js';
import type { AuditContext } from '../contexts/audit.js';
import { Role } from '../ports/documents/user-store.js';
import type { LedgerProof } from '../ports/ledger-prover.js';

/** What a run reads: the members of two contexts, named, since `npm run audit` runs it outside a gateway (audit-command.ts). */
export type ProofDeps = Pick<AccountsContext, 'users' | 'mailer'> & Pick<AuditContext, 'auditTrail' | 'ledgerProof' | 'notices'>;

/** The most drifts and mismatches a stored run lists; the counts are always whole. */
const LISTED = 100;

/** The root user is the first account (bootstrap/root-user.ts). */
const ROOT_USER_ID = 1;

/** A run as the audit trail keeps it (`LedgerAudited`, target `ledger`). */
export function proofDetail(proof: LedgerProof): LedgerAuditFindings {
  return {
    clean: proof.clean,
    settled: proof.settled,
    events_folded: proof.eventsFolded,
    users_checked: proof.usersChecked,
    tokens_checked: proof.tokensChecked,
    days_compared: proof.daysCompared,
    drift_count: proof.drifts.length,
    mismatch_count: proof.consumptionMismatches.length,
    drifts: proof.drifts.slice(0, LISTED),
    consumption_mismatches: proof.consumptionMismatches.slice(0, LISTED),
  };
}
export type ProofDetail = ReturnType<typeof proofDetail>;

function driftText(proof: LedgerProof): string {
  const lines = [
    ...proof.drifts.slice(0, LISTED).map((d) => `${d.account} ${d.id} ${d.field}: stored ${d.actual}, log ${d.expected}`),
    ...proof.consumptionMismatches.slice(0, LISTED).map((m) => `user ${m.userId} ${m.day}: ledger ${m.ledger}, logs ${m.logs}`),
  ];
  return lines.map((line) => `<li>${line.replace(/[<>&]/g, '')}</li>`).join('');
}

/** Tells root by mail; no SMTP server or no root email only means no mail (the run is stored either way). */
async function mailRoot(deps: ProofDeps, proof: LedgerProof): Promise<void> {
  const root = await deps.users.byId(ROOT_USER_ID);
  if (!root || root.role < Role.Root || !root.email) return;
  const subject = `账本审计发现偏差：${proof.drifts.length} 项余额，${proof.consumptionMismatches.length} 项日消耗`;
  await deps.mailer.send({ to: root.email, subject, html: `<p>${subject}</p><ul>${driftText(proof)}</ul>` });
}

/**
 * Runs the ledger's proof, stores the run in the audit trail, tells every gateway (their operations
 * views show it), and mails root when it found drift. The one path of the command, the API and the scheduled run.
 */
export async function proveAndRecord(deps: ProofDeps, actor: AuditEvent['actor'], address: string, onMailError: (error: unknown) => void): Promise<{ proof: LedgerProof; event: AuditEvent }> {
  const proof = await deps.ledgerProof.run();
  const event = newAuditEvent({ type: 'LedgerAudited', actor, address, target: { kind: 'ledger', id: '' }, before: null, after: null, detail: proofDetail(proof) }, proof.ranAt);
  await deps.auditTrail.append(event);
  deps.notices.publish('ledgerAudit');
  if (proof.settled && !proof.clean) await mailRoot(deps, proof).catch(onMailError);
  return { proof, event };
}
