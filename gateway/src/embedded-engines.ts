import { join } from 'node:path';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import { migrate, startIngestionWorker } from '@tollgate/analytics';
import { startLedgerWorker } from '@tollgate/ledger';
import { createInProcessBalanceNotifier } from '@tollgate/ledger/in-process';
import { createSqliteBalanceStore, createSqliteEventLog } from '@tollgate/ledger/sqlite';
import { createInProcessChangeNotices } from './adapters/in-process/change-notices.js';
import { createInProcessHoldStore } from './adapters/in-process/hold-store.js';
import { createSqliteDocuments } from './adapters/sqlite/index.js';
import { createAnalyticsLogReader } from './analytics-log-reader.js';
import { ensureRootUser } from './bootstrap/root-user.js';
import type { GatewayConfig } from './config.js';
import type { GatewayDeps } from './deps.js';
import { OptionCache } from './options/option-cache.js';

type EngineDeps = Omit<GatewayDeps, 'sessionSecret' | 'consoleDir'>;

/**
 * The embedded engines in one process: SQLite for documents, balances and the event log, chdb for
 * analytics, in-process hot state. Returns the deps and a close that stops the workers first.
 */
export async function wireEmbeddedEngines(config: GatewayConfig, dataDir: string): Promise<{ deps: EngineDeps; close(): Promise<void> }> {
  const ledgerPath = join(dataDir, 'ledger.db');
  const eventLog = createSqliteEventLog({ path: ledgerPath });
  const balances = createSqliteBalanceStore({ path: ledgerPath });
  const notifier = createInProcessBalanceNotifier();
  const documents = createSqliteDocuments({ path: join(dataDir, 'documents.db') });
  const querier = createChdbQuerier({ path: join(dataDir, 'analytics') });
  await migrate(querier);
  const options = new OptionCache(documents.options);
  await options.reload();
  await ensureRootUser(documents.users, config.INITIAL_ROOT_PASSWORD);
  const reportError = (error: unknown) => process.emitWarning(error instanceof Error ? error : new Error(String(error)));
  const ledgerWorker = await startLedgerWorker({ eventLog, balances, notifier, onError: reportError });
  const ingestion = await startIngestionWorker({ eventLog, querier });
  const deps: EngineDeps = {
    config,
    users: documents.users,
    tokens: documents.tokens,
    channels: documents.channels,
    redemptions: documents.redemptions,
    options,
    notices: createInProcessChangeNotices(),
    eventLog,
    balances,
    notifier,
    holds: createInProcessHoldStore(),
    logs: createAnalyticsLogReader(querier),
  };
  const close = async () => {
    await ledgerWorker.stop();
    await ingestion.stop();
    await eventLog.close();
    await balances.close();
    await notifier.close();
    documents.close();
    await querier.close();
  };
  return { deps, close };
}
