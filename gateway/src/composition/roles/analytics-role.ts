import { resolve } from 'node:path';
import { startIngestionWorker } from '@tollgate/analytics';
import type { EngineConfig } from '../../config.js';
import { openEventLog, openQuerier } from '../engines.js';
import { requireSharedEngines } from '../require-engines.js';

/** An analytics worker: feeds the shared ClickHouse server from the log, in batches. */
export async function runAnalyticsRole(config: EngineConfig): Promise<{ close(): Promise<void> }> {
  requireSharedEngines('analytics', config, ['KAFKA_BROKERS']);
  if (!config.CLICKHOUSE_URL) throw new Error('The analytics role feeds a shared ClickHouse server: set CLICKHOUSE_URL (without it each gateway keeps its own copy).');
  const dataDir = resolve(config.DATA_DIR);
  const eventLog = openEventLog(config, dataDir);
  const querier = await openQuerier(config, dataDir);
  const ingestion = await startIngestionWorker({ eventLog, querier, group: 'analytics' });
  return {
    close: async () => {
      await ingestion.stop();
      await eventLog.close();
      await querier.close();
    },
  };
}
