import type { BalanceNotifier, BalancesListener } from '../../ports/balance-notifier.js';
import type { BalancesChanged } from '../../ports/balance-store.js';

/** Embedded fan-out: the ledger worker and the gateway share a process, so a listener set suffices. */
export class InProcessBalanceNotifier implements BalanceNotifier {
  private readonly listeners = new Set<BalancesListener>();

  /** Every listener hears the change even if an earlier one throws; the failures are thrown together after. */
  async publish(changes: BalancesChanged): Promise<void> {
    const failures: unknown[] = [];
    for (const listener of [...this.listeners]) {
      try {
        listener(changes);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, 'a balances listener threw');
  }

  subscribe(listener: BalancesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

export function createInProcessBalanceNotifier(): InProcessBalanceNotifier {
  return new InProcessBalanceNotifier();
}
