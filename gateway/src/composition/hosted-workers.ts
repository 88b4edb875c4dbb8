import { type AnalyticsQuerier, backfillMovements, startIngestionWorker } from '@tollgate/analytics';
import { type BalancePublisher, type BalanceStore, type EventLog, type EventLogReader, startLedgerWorker } from '@tollgate/ledger';
import type { EngineConfig } from '../config.js';

/** The log's consumers a process hosts beside (or instead of) a gateway. */
export interface HostedWorkers {
  /** Resolves once each worker's batch in flight is applied or inserted, and committed. */
  stop(): Promise<void>;
}

export interface HostedWorkerEngines {
  eventLog: EventLog & EventLogReader;
  /** The balances the ledger worker applies to; null when none is hosted (the ingestion's thread alone). */
  balances: BalanceStore | null;
  notifier: BalancePublisher;
  /** The analytics engine; null when no ingestion is hosted. */
  querier: AnalyticsQuerier | null;
}

export interface HostedWorkerSettings {
  /** Run the ledger worker (applies the log to the balances, then tells `notifier`). */
  ledger: boolean;
  /** Feed `querier` from the log under this consumer group; null: another process does. */
  ingestionGroup: string | null;
  config: EngineConfig;
  onError: (error: unknown) => void;
}

/**
 * Once nothing is left to record, the ingestion gets this long to let go: a Kafka client leaving
 * its group retries for as long as the broker is down, and that must not hold a SIGTERM.
 */
export const RELEASE_LOG_WITHIN_MS = 3_000;

/** Waits for `work`, or `ms`, whichever ends first. */
export async function within(ms: number, work: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work(), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Starts the ledger worker and the analytics ingestion on the calling thread's event loop. */
export async function startHostedWorkers(engines: HostedWorkerEngines, settings: HostedWorkerSettings): Promise<HostedWorkers> {
  const { eventLog, balances, notifier, querier } = engines;
  const { config, onError } = settings;
  const ledger = settings.ledger && balances ? await startLedgerWorker({ eventLog, balances, notifier, partitionsAtOnce: config.LEDGER_PARTITIONS_AT_ONCE, markerSweep: { windowMs: config.LEDGER_DEDUP_WINDOW_MS }, onError }) : null;
  const group = querier === null ? null : settings.ingestionGroup;
  const backfill = new AbortController();
  const backfilled = querier === null || group === null ? null : backfillMovements(querier, eventLog, onError, backfill.signal).catch(onError); // an install older than the kept history
  const ingestion = querier === null || group === null ? null : await startIngestionWorker({ eventLog, querier, group, maxBatch: config.ANALYTICS_BATCH_ROWS, batchMs: config.ANALYTICS_BATCH_MS, onError });
  return {
    stop: async () => {
      await ledger?.stop();
      backfill.abort();
      await within(RELEASE_LOG_WITHIN_MS, async () => {
        await ingestion?.stop();
        await backfilled;
      });
    },
  };
}
