import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/**
 * The latest run of the ledger's proof as the operations view shows it: the seed's `ledgerAudit`
 * and the `ops_ledger_audit` push. A drift or mismatch other than 0 is an alert.
 */
export const ledgerAuditSummarySchema = z.object({
  /** Milliseconds since the epoch. */
  ranAt: nonNegativeInt(),
  clean: z.boolean(),
  settled: z.boolean(),
  driftCount: nonNegativeInt(),
  mismatchCount: nonNegativeInt(),
  /** `scheduled`, `local` (the command) or the address of whoever ran it on demand. */
  address: z.string(),
  /** Where the console lists every run with its drifts. */
  link: z.string(),
});
export type LedgerAuditSummary = z.infer<typeof ledgerAuditSummarySchema>;
