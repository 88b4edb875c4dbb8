import type { BalancePublisher } from '../ports/balance-notifier.js';
import type { BalanceStore, BalancesChanged } from '../ports/balance-store.js';
import type { EventLog, StoredEvent } from '../ports/event-log.js';
import { type MarkerSweepSettings, startMarkerSweep } from './marker-sweep.js';

export interface LedgerWorkerOptions {
  eventLog: EventLog;
  balances: BalanceStore;
  notifier: BalancePublisher;
  /** The consumer group; its committed offsets say where the worker resumes. */
  group?: string;
  maxBatch?: number;
  /**
   * How many partitions are applied at once (1 by default). The balance store must take concurrent
   * batches of different partitions: the Mongo store's changes commute (partition-batch.ts).
   */
  partitionsAtOnce?: number;
  /** How the applied-event markers older than the dedup window are forgotten (`marker-sweep.ts`). */
  markerSweep: MarkerSweepSettings;
  /** Told of failed batches (retried), failed notifications (not retried) and failed sweeps (next one on time); default: a process warning. */
  onError?: (error: unknown) => void;
}

export interface LedgerWorker {
  /** Resolves once the batch in flight is applied and committed. */
  stop(): Promise<void>;
}

function warn(error: unknown): void {
  process.emitWarning(error instanceof Error ? error : String(error), 'LedgerWorkerFailed');
}

function changedAnything(changes: BalancesChanged): boolean {
  return changes.appliedEvents.length > 0;
}

/**
 * The thin shell around the balance store: each batch is applied (exactly once, by checkpoint)
 * and then announced. A failed announcement is reported, not thrown: the balances are already
 * committed, so a redelivered batch would be skipped and announce nothing anyway.
 */
export async function startLedgerWorker(options: LedgerWorkerOptions): Promise<LedgerWorker> {
  const { eventLog, balances, notifier, group = 'ledger', maxBatch, partitionsAtOnce, markerSweep, onError = warn } = options;
  const handle = async (batch: StoredEvent[]): Promise<void> => {
    const changes = await balances.apply(batch);
    if (!changedAnything(changes)) return;
    await notifier.publish(changes).catch((error: unknown) => onError(error));
  };
  const subscription = await eventLog.subscribe(group, handle, { maxBatch, onError, ...(partitionsAtOnce === undefined ? {} : { partitionsAtOnce }) });
  const sweep = startMarkerSweep(balances, markerSweep, onError);
  return {
    stop: async () => {
      await sweep.stop();
      await subscription.stop();
    },
  };
}
