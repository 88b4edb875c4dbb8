import { resolve } from 'node:path';
import { startLedgerWorker } from '@tollgate/ledger';
import type { Logger } from 'pino';
import type { EngineConfig } from '../../config.js';
import { feedingHotState } from '../../billing/hot-state-feed.js';
import { openBalances, openEventLog, openHotState } from '../engines.js';
import { requireSharedEngines } from '../require-engines.js';

/**
 * A ledger worker: applies the log to the balances exactly once, then to hot state (the holds in
 * Redis), and tells every gateway what it applied. Several share the partitions through their consumer group.
 */
export async function runLedgerRole(config: EngineConfig, log: Logger): Promise<{ close(): Promise<void> }> {
  requireSharedEngines('ledger', config, ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS']);
  const dataDir = resolve(config.DATA_DIR);
  const eventLog = openEventLog(config, dataDir);
  const balances = await openBalances(config, dataDir);
  const hot = openHotState(config, log);
  const onError = (error: unknown) => log.error({ err: error }, 'ledger worker: a batch or a marker sweep failed; it is tried again');
  // The ledger applies what it applied to hot state too, once, for every gateway.
  const notifier = feedingHotState(hot.notifier, hot, log);
  const worker = await startLedgerWorker({ eventLog, balances, notifier, partitionsAtOnce: config.LEDGER_PARTITIONS_AT_ONCE, markerSweep: { windowMs: config.LEDGER_DEDUP_WINDOW_MS }, onError });
  return {
    close: async () => {
      await worker.stop();
      await notifier.close();
      await eventLog.close();
      await balances.close();
      await hot.close();
    },
  };
}
