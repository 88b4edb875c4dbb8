import { resolve } from 'node:path';
import { backfillMovements, startIngestionWorker } from '@tollgate/analytics';
import type { Logger } from 'pino';
import type { EngineConfig } from '../../config.js';
import { openEventLog, openQuerier } from '../engines.js';
import { requireSharedEngines } from '../require-engines.js';

/**
 * An analytics worker: feeds ClickHouse from the log, in batches: the shared server named by
 * CLICKHOUSE_URL, or without it chdb under DATA_DIR (for one machine, or to inspect a run).
 */
export async function runAnalyticsRole(config: EngineConfig, log: Logger): Promise<{ close(): Promise<void> }> {
  requireSharedEngines('analytics', config, ['KAFKA_BROKERS']);
  const dataDir = resolve(config.DATA_DIR);
  const eventLog = openEventLog(config, dataDir);
  const querier = await openQuerier(config, dataDir);
  const onError = (error: unknown) => log.error({ err: error }, 'analytics ingestion: a batch failed; it is delivered again');
  const backfill = new AbortController();
  const backfilled = backfillMovements(querier, eventLog, (error) => log.error({ err: error }, 'ledger history backfill failed; retried'), backfill.signal); // an install older than the kept history
  const ingestion = await startIngestionWorker({ eventLog, querier, group: 'analytics', maxBatch: config.ANALYTICS_BATCH_ROWS, batchMs: config.ANALYTICS_BATCH_MS, onError });
  return {
    close: async () => {
      backfill.abort();
      await ingestion.stop();
      await backfilled;
      await eventLog.close();
      await querier.close();
    },
  };
}
