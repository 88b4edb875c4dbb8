import type { AuditTrail } from '../ports/documents/audit-trail.js';
import type { LedgerProver } from '../ports/ledger-prover.js';
import type { CoreContext } from './core.js';

/** Every cause on record: the admins' writes and security events, and the ledger's proof. */
export interface AuditContext extends CoreContext {
  /** Every admin and root write as an event (actor, address, before, after), and the ledger audit's runs. */
  auditTrail: AuditTrail;
  /** The ledger's proof: balances recomputed from the log, consumption compared with the log rows. */
  ledgerProof: LedgerProver;
}
