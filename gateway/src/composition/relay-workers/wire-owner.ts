import type { AnalyticsQuerier } from '@tollgate/analytics';
import type { Logger } from 'pino';
import { feedingHotState } from '../../billing/hot-state-feed.js';
import type { GatewayConfig } from '../../config.js';
import { OptionCache } from '../../options/option-cache.js';
import { type HotState, newLogWakeups, openBalances, openDocuments, openEventLog, openHotState, openQuerier } from '../engines.js';
import { RELEASE_LOG_WITHIN_MS, within } from '../hosted-workers.js';
import { bootstrap, hostWorkers } from '../wire-gateway.js';

/** What the owner process holds for the relay workers, and how it lets go of it. */
export interface OwnedStores {
  hot: HotState;
  querier: AnalyticsQuerier;
  /** The owner's log's append counter, which the workers' appends bump (log-wakeups.ts). */
  wakeups: SharedArrayBuffer;
  close(): Promise<void>;
}

/**
 * The owner process of the relay workers (README, "Relay workers"): it opens what may exist only
 * once (hot state, chdb), bootstraps the documents before any worker starts, and hosts the ledger
 * (on its thread, EMBEDDED_LEDGER_THREAD) and the analytics ingestion. It serves no HTTP.
 */
export async function wireOwner(config: GatewayConfig, dataDir: string, log: Logger): Promise<OwnedStores> {
  const wakeups = newLogWakeups();
  const eventLog = openEventLog(config, dataDir, wakeups);
  const balances = await openBalances(config, dataDir);
  const documents = await openDocuments(config, dataDir);
  const hot = openHotState(config, log, dataDir);
  const querier = await openQuerier(config, dataDir);
  const options = new OptionCache(documents.options);
  for (const refused of await options.reload()) log.warn(refused, 'stored option refused');
  await bootstrap({ documents, options, eventLog, balances }, config);
  const ledgerWorker = config.EMBEDDED_LEDGER_THREAD ? 'thread' : 'loop';
  // Off the owner's loop too where the machine allows: that loop answers every worker's holds.
  const ingestionWorker = config.EMBEDDED_INGESTION_THREAD ? 'thread' : 'loop';
  const ledgerNotifier = feedingHotState(hot.notifier, hot, log);
  const workers = await hostWorkers({ config, dataDir, wakeups, log }, { ledgerWorker, ingestionGroup: 'analytics', ingestionWorker }, { eventLog, balances, notifier: ledgerNotifier, querier });
  return {
    hot,
    querier,
    wakeups,
    close: async () => {
      await workers.stop();
      await ledgerNotifier.close();
      await within(RELEASE_LOG_WITHIN_MS, () => eventLog.close());
      await balances.close();
      await hot.close();
      await documents.close();
      await querier.close();
    },
  };
}
