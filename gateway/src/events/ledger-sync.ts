import type { BalanceNotifier, BalancesChanged, EventLog } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';

export const DEFAULT_SYNC_TIMEOUT_MS = 3000;

export interface LedgerSync {
  /**
   * Appends the events and waits until the ledger reports them applied, so a console edit reads
   * its own write. Resolves `{ applied: false }` after `timeoutMs` instead of failing: the events
   * are durable and will be applied.
   */
  publishAndWait(events: LedgerEvent[], timeoutMs?: number): Promise<{ applied: boolean }>;
}

/** Resolves once every id has appeared in the notifier's `appliedEventIds`, or on timeout. */
function waitForApplied(notifier: BalanceNotifier, ids: Set<string>, timeoutMs: number) {
  let unsubscribe: () => void = () => undefined;
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<{ applied: boolean }>((resolve) => {
    const finish = (applied: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve({ applied });
    };
    unsubscribe = notifier.subscribe((changes: BalancesChanged) => {
      for (const id of changes.appliedEventIds) ids.delete(id);
      if (ids.size === 0) finish(true);
    });
    timer = setTimeout(() => finish(false), timeoutMs);
  });
  return { done, cancel: () => (clearTimeout(timer), unsubscribe()) };
}

export function createLedgerSync(eventLog: EventLog, notifier: BalanceNotifier): LedgerSync {
  return {
    async publishAndWait(events, timeoutMs = DEFAULT_SYNC_TIMEOUT_MS) {
      if (events.length === 0) return { applied: true };
      // Subscribe before appending: the ledger may apply the events before append() returns.
      const waiting = waitForApplied(notifier, new Set(events.map((e) => e.metadata.eventId)), timeoutMs);
      try {
        await eventLog.append(events);
      } catch (error) {
        waiting.cancel();
        throw error;
      }
      return waiting.done;
    },
  };
}
