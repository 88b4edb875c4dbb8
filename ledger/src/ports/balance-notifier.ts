import type { BalancesChanged } from './balance-store.js';

export type BalancesListener = (changes: BalancesChanged) => void;

/**
 * Tells every gateway what the ledger just applied, so hot state (balances, holds)
 * and the live console follow without polling. Embedded: in-process. Cluster: Redis pub/sub.
 */
export interface BalanceNotifier {
  publish(changes: BalancesChanged): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(listener: BalancesListener): () => void;
  close(): Promise<void>;
}
