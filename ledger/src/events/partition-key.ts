import type { LedgerEvent } from '@tollgate/wire';

/** Every ledger event is keyed by the user it concerns, so one user's events stay in order. */
export function partitionKey(event: LedgerEvent): string {
  return String(event.data.userId);
}
