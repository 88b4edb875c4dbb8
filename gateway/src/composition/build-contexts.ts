import type { BalanceStore, EventLog, LedgerHistory } from '@tollgate/ledger';
import type { AccountsContext } from '../contexts/accounts.js';
import type { AnalyticsContext } from '../contexts/analytics.js';
import type { AuditContext } from '../contexts/audit.js';
import type { ChannelsContext } from '../contexts/channels.js';
import type { CoreContext } from '../contexts/core.js';
import type { MoneyContext } from '../contexts/money.js';
import type { OpsContext } from '../contexts/ops.js';
import type { TasksContext } from '../contexts/tasks.js';
import type { GatewayContexts } from '../deps.js';
import type { DatabaseImports } from '../ports/database-imports.js';
import type { Documents } from '../ports/documents/documents.js';
import type { SessionStore } from '../ports/hot-state/session-store.js';
import type { LedgerProver } from '../ports/ledger-prover.js';
import type { LogReader } from '../ports/log-reader.js';
import type { Mailer } from '../ports/mailer.js';
import type { UsageOutbox } from '../ports/usage-outbox.js';
import type { UsageReader } from '../ports/usage-reader.js';
import type { HotState } from './engines.js';

/** The engines a gateway opened, each port once: what its contexts are cut from. */
export interface OpenedEngines {
  documents: Omit<Documents, 'options' | 'close'>;
  hot: Omit<HotState, 'close'>;
  sessions: SessionStore;
  eventLog: EventLog;
  history: LedgerHistory;
  usageOutbox: UsageOutbox;
  balances: BalanceStore;
  mailer: Mailer;
  ledgerProof: LedgerProver;
  logs: LogReader;
  usage: UsageReader;
  imports: DatabaseImports;
}

/**
 * Each capability context, built once at start-up (never per request), then laid side by side in
 * one object: the contexts share one flat shape, so handing a route family two of them costs nothing.
 */
export function buildContexts(core: CoreContext, engines: OpenedEngines): GatewayContexts {
  const { documents: docs, hot } = engines;
  const accounts: AccountsContext = { ...core, users: docs.users, tokens: docs.tokens, sessions: engines.sessions, twoFactor: docs.twoFactor, codes: hot.codes, mailer: engines.mailer };
  const money: MoneyContext = {
    ...core,
    eventLog: engines.eventLog,
    history: engines.history,
    usageOutbox: engines.usageOutbox,
    balances: engines.balances,
    notifier: hot.notifier,
    holds: hot.holds,
    inviteHolds: hot.inviteHolds,
    redemptions: docs.redemptions,
    topUps: docs.topUps,
    subscriptions: docs.subscriptions,
  };
  const channels: ChannelsContext = { ...core, channels: docs.channels, breakers: hot.breakers, affinities: hot.affinities };
  const tasks: TasksContext = { ...core, tasks: docs.tasks };
  const ops: OpsContext = {
    ...core,
    rateLimiters: hot.rateLimiters,
    meter: hot.meter,
    leases: hot.leases,
    roomPresence: hot.roomPresence,
    gatewayReports: hot.gatewayReports,
    imports: engines.imports,
    liveAdapter: hot.liveAdapter,
  };
  const audit: AuditContext = { ...core, auditTrail: docs.auditTrail, ledgerProof: engines.ledgerProof };
  const analytics: AnalyticsContext = { ...core, logs: engines.logs, usage: engines.usage };
  return { ...accounts, ...money, ...channels, ...tasks, ...ops, ...audit, ...analytics };
}
