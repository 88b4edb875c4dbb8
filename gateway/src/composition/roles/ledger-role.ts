import { resolve } from 'node:path';
import { startLedgerWorker } from '@tollgate/ledger';
import type { Logger } from 'pino';
import type { EngineConfig } from '../../config.js';
import { openBalances, openEventLog, openHotState } from '../engines.js';
import { requireSharedEngines } from '../require-engines.js';

/**
 * A ledger worker: applies the log to the balances exactly once and tells every gateway what it
 * applied. Several share the partitions through their consumer group.
 */
export async function runLedgerRole(config: EngineConfig, log: Logger): Promise<{ close(): Promise<void> }> {
  requireSharedEngines('ledger', config, ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS_URL']);
  const dataDir = resolve(config.DATA_DIR);
  const eventLog = openEventLog(config, dataDir);
  const balances = await openBalances(config, dataDir);
  const hot = openHotState(config, log);
  const onError = (error: unknown) => log.error({ err: error }, 'ledger worker: a batch or a marker sweep failed; it is tried again');
  const worker = await startLedgerWorker({ eventLog, balances, notifier: hot.notifier, markerSweep: { windowMs: config.LEDGER_DEDUP_WINDOW_MS }, onError });
  return {
    close: async () => {
      await worker.stop();
      await eventLog.close();
      await balances.close();
      await hot.close();
    },
  };
}
