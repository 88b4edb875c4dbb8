import { z } from 'zod/mini';
import { nonEmptyText, nonNegativeInt } from '../shared/numbers.js';

/** A stored balance that differs from the fold of the event log. */
export const balanceDriftSchema = z.object({
  account: z.enum(['user', 'token', 'channel']),
  id: z.int(),
  field: z.string(),
  /** What the fold of the log says. */
  expected: z.union([z.number(), z.boolean()]),
  /** What the store holds. */
  actual: z.union([z.number(), z.boolean()]),
});

/** A user-day whose consume log rows do not sum to the ledger's consumption. */
export const consumptionMismatchSchema = z.object({
  userId: z.int(),
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  ledger: z.number(),
  logs: z.number(),
});

/** What a run of the ledger's proof found, as the audit trail keeps it (the `LedgerAudited` event's detail). */
export const ledgerAuditFindingsSchema = z.object({
  /** Settled, with no drift and no mismatch. */
  clean: z.boolean(),
  /** False when the ledger kept applying events through every attempt: the run then proves nothing either way. */
  settled: z.boolean(),
  events_folded: nonNegativeInt(),
  users_checked: nonNegativeInt(),
  tokens_checked: nonNegativeInt(),
  days_compared: nonNegativeInt(),
  /** Whole counts; the lists below hold the first ones only. */
  drift_count: nonNegativeInt(),
  mismatch_count: nonNegativeInt(),
  drifts: z.array(balanceDriftSchema),
  consumption_mismatches: z.array(consumptionMismatchSchema),
});
export type LedgerAuditFindings = z.infer<typeof ledgerAuditFindingsSchema>;

/** A stored run of the ledger's proof as GET and POST /api/ledger_audit/ answer it: when, by whom, and what it found. */
export const ledgerAuditRunSchema = z.object({
  id: nonEmptyText(),
  /** Milliseconds since the epoch. */
  ran_at: nonNegativeInt(),
  actor_name: z.string(),
  address: z.string(),
  ...ledgerAuditFindingsSchema.shape,
});
export type LedgerAuditRun = z.infer<typeof ledgerAuditRunSchema>;

/** GET /api/ledger_audit/'s page of runs, newest first, with the newest run of all (null before the first). */
export const ledgerAuditRunPageSchema = z.object({
  latest: z.nullable(ledgerAuditRunSchema),
  items: z.array(ledgerAuditRunSchema),
  total: nonNegativeInt(),
  page: nonNegativeInt(),
  page_size: nonNegativeInt(),
});
export type LedgerAuditRunPage = z.infer<typeof ledgerAuditRunPageSchema>;
