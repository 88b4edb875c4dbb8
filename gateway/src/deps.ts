import type { BalanceNotifier, BalanceStore, EventLog, LedgerHistory } from '@tollgate/ledger';
import type { DatabaseImports } from './ports/database-imports.js';
import type { ServerOptions } from 'socket.io';
import type { GatewayConfig } from './config.js';
import type { Options } from './ports/options.js';
import type { RateLimiters } from './ports/hot-state/rate-limiter.js';
import type { UsageMeter } from './ports/hot-state/usage-meter.js';
import type { GatewayReports } from './ports/hot-state/gateway-reports.js';
import type { UsageOutbox } from './ports/usage-outbox.js';
import type { ChangeNotices } from './ports/hot-state/change-notices.js';
import type { ChannelStore } from './ports/documents/channel-store.js';
import type { HoldStore } from './ports/hot-state/hold-store.js';
import type { Leases } from './ports/hot-state/leases.js';
import type { LogReader } from './ports/log-reader.js';
import type { UsageReader } from './ports/usage-reader.js';
import type { Mailer } from './ports/mailer.js';
import type { OneTimeCodes } from './ports/hot-state/one-time-codes.js';
import type { RedemptionStore } from './ports/documents/redemption-store.js';
import type { RoomPresence } from './ports/hot-state/room-presence.js';
import type { SessionStore } from './ports/hot-state/session-store.js';
import type { TokenStore } from './ports/documents/token-store.js';
import type { TaskStore } from './ports/documents/task-store.js';
import type { TopUpStore } from './ports/documents/top-up-store.js';
import type { TwoFactorStore } from './ports/documents/two-factor-store.js';
import type { UserStore } from './ports/documents/user-store.js';
import type { AuditTrail } from './ports/documents/audit-trail.js';
import type { LedgerProver } from './ports/ledger-prover.js';

/** Everything the gateway needs, built by a composition root (embedded.ts, composition/roles/). */
export interface GatewayDeps {
  config: GatewayConfig;
  /** Signs session cookies. */
  sessionSecret: string;
  /** Console sessions, kept on the server so they can be ended (sign-out, password change, an administrator). */
  sessions: SessionStore;
  users: UserStore;
  tokens: TokenStore;
  channels: ChannelStore;
  redemptions: RedemptionStore;
  /** Online payment orders (Epay). */
  topUps: TopUpStore;
  /** Midjourney and Suno tasks, polled until done. */
  tasks: TaskStore;
  /** TOTP secrets and hashed recovery codes (two-factor sign-in). */
  twoFactor: TwoFactorStore;
  options: Options;
  /** Every admin and root write as an event (actor, address, before, after), and the ledger audit's runs. */
  auditTrail: AuditTrail;
  /** Where usage and quota events are appended (the ledger and analytics consume them). */
  eventLog: EventLog;
  /** The log read back for statements (each user event once, in order). */
  history: LedgerHistory;
  /** The relay's path for usage into `eventLog`: straight in when the log is local, through a spool when it is Kafka. */
  usageOutbox: UsageOutbox;
  /** Read side of the ledger's balances. */
  balances: BalanceStore;
  /** What the ledger applied, for hot state and the live console. */
  notifier: BalanceNotifier;
  holds: HoldStore;
  /** Holds on invite accounts (aff_quota), so concurrent transfers cannot spend one reward twice (see invites/invite-holds.ts). */
  inviteHolds: HoldStore;
  /** Per-client call counters of the API's rate limits (shared by every gateway in cluster mode). */
  rateLimiters: RateLimiters;
  /** Calls per second for the live RPM/TPM badges (shared by every gateway in cluster mode). */
  meter: UsageMeter;
  /** One gateway per period runs the periodic channel test and balance update. */
  leases: Leases;
  /** Document changes (channels, tokens, users, options), so every gateway's caches reload. */
  notices: ChangeNotices;
  /** Email verification codes and password reset tokens (shared by every gateway in cluster mode). */
  codes: OneTimeCodes;
  /** The ledger's proof: balances recomputed from the log, consumption compared with the log rows. */
  ledgerProof: LedgerProver;
  /** Account mails over the SMTP server the options name. */
  mailer: Mailer;
  logs: LogReader;
  /** The dashboard's rollup and the finance exports (analytics). */
  usage: UsageReader;
  /** Socket.IO's adapter: Redis pub/sub when gateways share consoles' rooms, Socket.IO's in-memory one when unset. */
  liveAdapter?: ServerOptions['adapter'];
  /** Which live rooms have a console in them on any gateway (pushes to the others are skipped). */
  roomPresence: RoomPresence;
  /** The gateways' reports to each other: the operations view's traffic and fleet (Redis pub/sub in cluster mode). */
  gatewayReports: GatewayReports;
  /** The root's imports from a new-api database, run in this process one at a time. */
  imports: DatabaseImports;
  /** Directory of the built console, or null to serve none. */
  consoleDir: string | null;
}
