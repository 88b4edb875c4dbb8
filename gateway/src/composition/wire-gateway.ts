import { backfillMovements, loggedConsumptionPerDay, logsKeptSince, startIngestionWorker } from '@tollgate/analytics';
import { startLedgerWorker } from '@tollgate/ledger';
import { feedingHotState } from '../billing/hot-state-feed.js';
import { createAnalyticsLogReader } from '../analytics-log-reader.js';
import { createAnalyticsUsageReader } from '../analytics-usage-reader.js';
import { bootstrapRoot } from '../bootstrap/root-user.js';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config.js';
import type { GatewayDeps } from '../deps.js';
import { ImportJobs } from '../import/import-jobs.js';
import { migrateInviteQuota } from '../invites/migrate-invite-quota.js';
import { OptionCache } from '../options/option-cache.js';
import { createLedgerProver } from '../ledger-proof/ledger-prover.js';
import { openBalances, openDocuments, openEventLog, openHotState, openHistory, openMailer, openQuerier, openSessions, openUsageOutbox } from './engines.js';

type EngineDeps = Omit<GatewayDeps, 'sessionSecret' | 'consoleDir'>;

export interface GatewayWiring {
  /** Run the ledger worker in this process (one process holds everything). */
  ledgerWorker: boolean;
  /** Feed this process's analytics engine from the log, under this consumer group; null when another process does. */
  ingestionGroup: string | null;
}

/**
 * Once the usage outbox is closed nothing is left to record, so the log's consumers and producer
 * get this long to let go: a Kafka client leaving its group retries for as long as the broker is
 * down, and that must not hold a SIGTERM.
 */
const RELEASE_LOG_WITHIN_MS = 3_000;

async function within(ms: number, work: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work(), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Opens every engine a gateway needs and the workers it hosts; close stops the workers first. */
export async function wireGateway(config: GatewayConfig, dataDir: string, wiring: GatewayWiring, log: Logger): Promise<{ deps: EngineDeps; close(): Promise<void> }> {
  const reportError = (error: unknown) => log.error({ err: error }, 'background work failed; it is retried');
  const eventLog = openEventLog(config, dataDir);
  const balances = await openBalances(config, dataDir);
  const documents = await openDocuments(config, dataDir);
  const hot = openHotState(config, log);
  const sessions = openSessions(config, dataDir, log);
  // Before anything that may wait on the broker: a spool left by a previous run has its holds kept from here.
  const usageOutbox = openUsageOutbox(config, dataDir, eventLog, hot.holds, { holdTtlMs: config.HOLD_TTL_SECONDS * 1000, maxEvents: config.USAGE_SPOOL_MAX_EVENTS, onError: reportError });
  const querier = await openQuerier(config, dataDir);
  const options = new OptionCache(documents.options);
  for (const refused of await options.reload()) log.warn(refused, 'stored option refused');
  await bootstrapRoot(documents.users, options, eventLog, config.INITIAL_ROOT_PASSWORD);
  await migrateInviteQuota(documents.users, balances, eventLog);
  // A hosted ledger worker applies its changes to hot state too (billing/hot-state-feed.ts).
  const ledgerNotifier = wiring.ledgerWorker ? feedingHotState(hot.notifier, hot, log) : null;
  const ledger = ledgerNotifier ? await startLedgerWorker({ eventLog, balances, notifier: ledgerNotifier, markerSweep: { windowMs: config.LEDGER_DEDUP_WINDOW_MS }, onError: reportError }) : null;
  const backfill = new AbortController();
  const backfilled = wiring.ingestionGroup === null ? null : backfillMovements(querier, eventLog, reportError, backfill.signal); // an install older than the kept history
  const ingestion = wiring.ingestionGroup === null ? null : await startIngestionWorker({ eventLog, querier, group: wiring.ingestionGroup, maxBatch: config.ANALYTICS_BATCH_ROWS, batchMs: config.ANALYTICS_BATCH_MS, onError: reportError });
  const { users, tokens, channels, redemptions, topUps, tasks, twoFactor, auditTrail } = documents;
  const { holds, inviteHolds, notices, notifier, liveAdapter, roomPresence, gatewayReports, rateLimiters, meter, leases, codes } = hot;
  const mailer = openMailer(options);
  // What an import wrote reaches this gateway's caches and, through the notices, every other's.
  const imports = new ImportJobs({ documents, eventLog, querier }, async () => {
    await options.reload();
    for (const kind of ['options', 'users', 'tokens', 'channels'] as const) hot.notices.publish(kind);
  });
  const history = openHistory(querier);
  const ledgerProof = createLedgerProver({ events: history, historyThrough: () => history.ingestedThrough(), balances, loggedConsumption: loggedConsumptionPerDay(querier), logsKeptSince: logsKeptSince(querier) });
  const deps: EngineDeps = { config, sessions: sessions.sessions, users, tokens, channels, redemptions, topUps, tasks, twoFactor, auditTrail, options, eventLog, history, usageOutbox, balances, holds, inviteHolds, notices, notifier, liveAdapter, roomPresence, gatewayReports, rateLimiters, meter, leases, codes, mailer, ledgerProof, logs: createAnalyticsLogReader(querier), usage: createAnalyticsUsageReader(querier), imports };
  const close = async () => {
    await usageOutbox.close();
    await ledger?.stop();
    await ledgerNotifier?.close();
    backfill.abort();
    await within(RELEASE_LOG_WITHIN_MS, async () => {
      await ingestion?.stop();
      await backfilled;
      await eventLog.close();
    });
    await balances.close();
    await hot.close();
    await sessions.close();
    await documents.close();
    await querier.close();
  };
  return { deps, close };
}
