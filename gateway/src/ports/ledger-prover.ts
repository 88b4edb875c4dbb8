import type { BalanceDrift } from '@tollgate/ledger';

/** A user-day where the consume rows and the ledger disagree. */
export interface ConsumptionMismatch {
  userId: number;
  day: string;
  /** What the event log says was consumed. */
  ledger: number;
  /** What the consume rows sum to. */
  logs: number;
}

/** What a run of the ledger's proof found. */
export interface LedgerProof {
  /** Milliseconds since the epoch. */
  ranAt: number;
  eventsFolded: number;
  usersChecked: number;
  tokensChecked: number;
  /** Stored balances that differ from the fold of the log; empty is the only right answer. */
  drifts: BalanceDrift[];
  /** User-days whose consume rows do not sum to the ledger's consumption; empty is the only right answer. */
  consumptionMismatches: ConsumptionMismatch[];
  daysCompared: number;
  /** False when the ledger kept applying events through every attempt: the comparison then proves nothing either way. */
  settled: boolean;
  /** Settled, with no drift and no mismatch. */
  clean: boolean;
}

/** The ledger's proof: balances recomputed from the whole history and compared, consumption compared with the log rows. */
export interface LedgerProver {
  run(): Promise<LedgerProof>;
}
