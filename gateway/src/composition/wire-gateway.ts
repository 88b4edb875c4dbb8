import { type AnalyticsQuerier, type EncodedInserter, loggedConsumptionPerDay, logsKeptSince } from '@tollgate/analytics';
import { feedingHotState } from '../billing/hot-state-feed.js';
import { createAnalyticsLogReader } from '../adapters/analytics/analytics-log-reader.js';
import { createAnalyticsUsageReader } from '../adapters/analytics/analytics-usage-reader.js';
import { bootstrapRoot } from '../bootstrap/root-user.js';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config.js';
import type { GatewayContexts } from '../deps.js';
import { buildContexts } from './build-contexts.js';
import { ImportJobs } from '../import/import-jobs.js';
import { migrateInviteQuota } from '../invites/migrate-invite-quota.js';
import { OptionCache } from '../options/option-cache.js';
import type { Options } from '../ports/options.js';
import { createLedgerProver } from '../ledger-proof/ledger-prover.js';
import { type HostedWorkerEngines, type HostedWorkers, RELEASE_LOG_WITHIN_MS, startHostedWorkers, within } from './hosted-workers.js';
import { createAnalyticsHost } from './off-loop/analytics-host.js';
import { startWorkerThread } from './off-loop/worker-thread.js';
import type { IpcClient } from '../adapters/ipc/client.js';
import type { BalanceStore, EventLog } from '@tollgate/ledger';
import type { Documents } from '../ports/documents/documents.js';
import { workerStores } from './relay-workers/worker-stores.js';
import { newLogWakeups, openBalances, openDocuments, openEventLog, openHotState, openHistory, openMailer, openQuerier, openSessions, openUsageOutbox } from './engines.js';

export interface GatewayWiring {
  /**
   * Where this process runs the ledger worker: on the relay's event loop, on a thread of its own
   * (the embedded Tollgate, so that its SQLite work leaves the relay's loop; docs/benchmarks.md,
   * "Embedded workers off the relay's loop"), or nowhere (another process does).
   */
  ledgerWorker: 'loop' | 'thread' | null;
  /** Feed this process's analytics engine from the log, under this consumer group; null when another process does. */
  ingestionGroup: string | null;
  /**
   * Where the ingestion's JavaScript runs: on the relay's loop (the default), or on the workers'
   * thread, which hands its ready inserts back to this thread's analytics engine (off-loop/).
   */
  ingestionWorker?: 'loop' | 'thread';
  /**
   * A relay worker's link to the process that owns hot state and the analytics engine
   * (relay-workers/): those come from it, and it bootstrapped the documents already. Unset: opened here.
   */
  storesFrom?: IpcClient;
}

/** The workers the wiring asks for, where it asks for them. */
export async function hostWorkers({ config, dataDir, wakeups, log }: { config: GatewayConfig; dataDir: string; wakeups: SharedArrayBuffer; log: Logger }, wiring: GatewayWiring, engines: HostedWorkerEngines & { querier: AnalyticsQuerier & EncodedInserter }): Promise<HostedWorkers> {
  const onError = (error: unknown) => log.error({ err: error }, 'background work failed; it is retried');
  const ingestionOnThread = wiring.ingestionWorker === 'thread' ? wiring.ingestionGroup : null;
  const hosts = { ledger: wiring.ledgerWorker === 'thread', ingestionGroup: ingestionOnThread };
  const onLoop = await startHostedWorkers(engines, { ledger: wiring.ledgerWorker === 'loop', ingestionGroup: ingestionOnThread ? null : wiring.ingestionGroup, config, onError });
  const threadWork = hosts.ledger || hosts.ingestionGroup !== null;
  const onThread = threadWork ? await startWorkerThread({ config, dataDir, notifier: engines.notifier, wakeups, log, hosts, analytics: createAnalyticsHost(engines.querier) }) : null;
  return {
    stop: async () => {
      await onThread?.stop();
      await onLoop.stop();
    },
  };
}

/** What the first process on a data directory does before serving: root, and the invite quota's move to the ledger. */
export async function bootstrap({ documents, options, eventLog, balances }: { documents: Documents; options: Options; eventLog: EventLog; balances: BalanceStore }, config: GatewayConfig): Promise<void> {
  await bootstrapRoot(documents.users, options, eventLog, config.INITIAL_ROOT_PASSWORD);
  await migrateInviteQuota(documents.users, balances, eventLog);
}

/** Opens every engine a gateway needs and the workers it hosts; close stops the workers first. */
export async function wireGateway(config: GatewayConfig, dataDir: string, wiring: GatewayWiring, log: Logger): Promise<{ deps: GatewayContexts; close(): Promise<void> }> {
  const reportError = (error: unknown) => log.error({ err: error }, 'background work failed; it is retried');
  const wakeups = newLogWakeups();
  const eventLog = openEventLog(config, dataDir, wakeups);
  const balances = await openBalances(config, dataDir);
  const documents = await openDocuments(config, dataDir);
  const remote = wiring.storesFrom ? workerStores(wiring.storesFrom, wakeups, log) : null;
  const hot = remote?.hot ?? openHotState(config, log, dataDir);
  const sessions = openSessions(config, dataDir, log);
  // Before anything that may wait on the broker: a spool left by a previous run has its holds kept from here.
  const usageOutbox = openUsageOutbox(config, dataDir, eventLog, hot.holds, { holdTtlMs: config.HOLD_TTL_SECONDS * 1000, maxEvents: config.USAGE_SPOOL_MAX_EVENTS, onError: reportError });
  // A relay worker reads analytics through the owner, which hosts the ledger and the ingestion for it.
  const ownQuerier = remote ? null : await openQuerier(config, dataDir);
  const querier = remote?.querier ?? ownQuerier;
  if (!querier) throw new Error('a gateway without an analytics engine: neither its own nor an owner\'s');
  const options = new OptionCache(documents.options);
  for (const refused of await options.reload()) log.warn(refused, 'stored option refused');
  if (!remote) await bootstrap({ documents, options, eventLog, balances }, config);
  // A hosted ledger worker's changes reach hot state too, once (billing/hot-state-feed.ts).
  const ledgerNotifier = wiring.ledgerWorker ? feedingHotState(hot.notifier, hot, log) : null;
  const workers = ownQuerier ? await hostWorkers({ config, dataDir, wakeups, log }, wiring, { eventLog, balances, notifier: ledgerNotifier ?? hot.notifier, querier: ownQuerier }) : { stop: async () => undefined };
  const mailer = openMailer(options);
  // What an import wrote reaches this gateway's caches and, through the notices, every other's.
  const imports = new ImportJobs({ documents, eventLog, querier }, async () => {
    await options.reload();
    for (const kind of ['options', 'users', 'tokens', 'channels'] as const) hot.notices.publish(kind);
  });
  const history = openHistory(querier);
  const ledgerProof = createLedgerProver({ events: history, historyThrough: () => history.ingestedThrough(), balances, loggedConsumption: loggedConsumptionPerDay(querier), logsKeptSince: logsKeptSince(querier) });
  const core = { config, options, notices: hot.notices, log };
  const engines = { documents, hot, sessions: sessions.sessions, eventLog, history, usageOutbox, balances, mailer, ledgerProof, logs: createAnalyticsLogReader(querier), usage: createAnalyticsUsageReader(querier), imports };
  const deps = buildContexts(core, engines);
  const close = async () => {
    await usageOutbox.close();
    await workers.stop();
    await ledgerNotifier?.close();
    await within(RELEASE_LOG_WITHIN_MS, () => eventLog.close());
    await balances.close();
    await hot.close();
    await sessions.close();
    await documents.close();
    await querier.close();
  };
  return { deps, close };
}
