import { join } from 'node:path';
import { type AnalyticsQuerier, ClickHouseLedgerHistory, type EncodedInserter, migrate } from '@tollgate/analytics';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import { createClickHouseQuerier, ensureDatabase } from '@tollgate/analytics/clickhouse';
import type { BalanceNotifier, EventLog, WindowUsageRecord } from '@tollgate/ledger';
import { createInProcessBalanceNotifier } from '@tollgate/ledger/in-process';
import { RedisBalanceNotifier } from '@tollgate/ledger/redis';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import type { ServerOptions } from 'socket.io';
import type { Logger } from 'pino';
import { InProcessCircuitBreakers } from '../adapters/in-process/circuit-breakers.js';
import { RedisCircuitBreakers } from '../adapters/redis/breakers/circuit-breakers.js';
import type { CircuitBreakers } from '../ports/hot-state/circuit-breakers.js';
import { createInProcessChangeNotices } from '../adapters/in-process/change-notices.js';
import { createInProcessHoldStore } from '../adapters/in-process/hold-store.js';
import { createMongoDocuments } from '../adapters/mongo/index.js';
import { RedisChangeNotices } from '../adapters/redis/fleet/change-notices.js';
import { createRedisHoldStore } from '../adapters/redis/holds/hold-store.js';
import { redisRateLimiters } from '../adapters/redis/counters/rate-limiter.js';
import { inProcessRateLimiters } from '../adapters/in-process/rate-limiter.js';
import type { RateLimiters } from '../ports/hot-state/rate-limiter.js';
import type { UsageMeter } from '../ports/hot-state/usage-meter.js';
import { InProcessUsageMeter } from '../adapters/in-process/usage-meter.js';
import { RedisUsageMeter } from '../adapters/redis/counters/usage-meter.js';
import { InProcessChannelAffinities } from '../adapters/in-process/channel-affinities.js';
import { RedisChannelAffinities } from '../adapters/redis/routing/channel-affinities.js';
import type { ChannelAffinities } from '../ports/hot-state/channel-affinities.js';
import { InProcessLeases } from '../adapters/in-process/leases.js';
import { RedisLeases } from '../adapters/redis/fleet/leases.js';
import { InProcessOneTimeCodes } from '../adapters/in-process/one-time-codes.js';
import { RedisOneTimeCodes } from '../adapters/redis/sign-in/one-time-codes.js';
import { InProcessRoomPresence } from '../adapters/in-process/room-presence.js';
import { RedisRoomPresence } from '../adapters/redis/fleet/room-presence.js';
import { RedisGatewayReports } from '../adapters/redis/fleet/gateway-reports.js';
import { InProcessGatewayReports } from '../adapters/in-process/gateway-reports.js';
import type { GatewayReports } from '../ports/hot-state/gateway-reports.js';
import type { RoomPresence } from '../ports/hot-state/room-presence.js';
import { createSmtpMailer } from '../adapters/smtp/smtp-mailer.js';
import type { Options } from '../ports/options.js';
import type { Mailer } from '../ports/mailer.js';
import type { OneTimeCodes } from '../ports/hot-state/one-time-codes.js';
import type { Leases } from '../ports/hot-state/leases.js';
import { createSqliteDocuments } from '../adapters/sqlite/index.js';
import { createSqliteSessionStore } from '../adapters/sqlite/hot-state/sqlite-session-store.js';
import { RedisSessionStore } from '../adapters/redis/sign-in/session-store.js';
import type { SessionStore } from '../ports/hot-state/session-store.js';
import type { EngineConfig } from '../config.js';
import { logConnectionErrors, redisConnections } from './redis-connections.js';
import type { ChangeNotices } from '../ports/hot-state/change-notices.js';
import type { Documents } from '../ports/documents/documents.js';
import type { HoldStore } from '../ports/hot-state/hold-store.js';
import { createLogOutbox } from '../adapters/in-process/log-outbox.js';
import { SpooledOutbox } from '../adapters/sqlite/usage-outbox/spooled-outbox.js';
import { UsageSpool } from '../adapters/sqlite/usage-outbox/usage-spool.js';
import { openSpoolWindowUsage } from '../adapters/sqlite/usage-outbox/spool-window-usage.js';
import type { UsageOutbox } from '../ports/usage-outbox.js';

/**
 * The one place that picks each port's adapter: the engine named by its variable, else the
 * embedded one under DATA_DIR. The entries (main.ts and its roles) call these and nothing else does.
 * The ledger's own two (the log and the balances) are in ledger-engines.ts, which the ledger's
 * thread loads alone.
 */
export { newLogWakeups, openBalances, openEventLog } from './ledger-engines.js';
import { openLogWindowUsage } from './ledger-engines.js';

/** The state every gateway and the ledger share in memory-speed stores. */
export interface HotState {
  holds: HoldStore;
  inviteHolds: HoldStore;
  notices: ChangeNotices;
  /** Each channel's circuit breaker, and its transitions told to every gateway. */
  breakers: CircuitBreakers;
  notifier: BalanceNotifier;
  rateLimiters: RateLimiters;
  meter: UsageMeter;
  leases: Leases;
  /** Which channel each conversation last used (channel affinity). */
  affinities: ChannelAffinities;
  codes: OneTimeCodes;
  /** Socket.IO's adapter, so consoles' rooms span every gateway; unset: Socket.IO's in-memory one. */
  liveAdapter?: ServerOptions['adapter'];
  /** Which of those rooms have a console in them, on any gateway. */
  roomPresence: RoomPresence;
  gatewayReports: GatewayReports;
  close(): Promise<void>;
}

export interface OutboxSettings {
  holdTtlMs: number;
  maxEvents: number;
  onError: (error: unknown) => void;
}

const spoolFile = (dataDir: string) => join(dataDir, 'usage-spool.db');

/**
 * What each subscription window counted before this start, for in-process holds (issue #41): the
 * embedded log's record, or on Kafka the usage spool's (a Kafka gateway without Redis).
 */
function openWindowRecord(config: EngineConfig, dataDir: string): WindowUsageRecord {
  return config.KAFKA_BROKERS ? openSpoolWindowUsage(spoolFile(dataDir)) : openLogWindowUsage(dataDir);
}

/**
 * The relay's usage path into the log. The embedded log is on this disk: straight in. Kafka can be
 * unreachable: through a spool under DATA_DIR, whose leftovers from a previous run have their
 * holds kept from this call on and are drained first once the outbox is started.
 */
export function openUsageOutbox(config: EngineConfig, dataDir: string, eventLog: EventLog, holds: HoldStore, settings: OutboxSettings): UsageOutbox {
  if (!config.KAFKA_BROKERS) return createLogOutbox(eventLog);
  // Without Redis the holds are in-process: the spool is also their windows' record (openWindowRecord).
  const spool = UsageSpool.open(spoolFile(dataDir), settings.onError, { recordWindows: redisConnections(config) === undefined });
  return new SpooledOutbox({ spool, log: eventLog, holds, ...settings });
}

export function openDocuments(config: EngineConfig, dataDir: string): Promise<Documents> | Documents {
  return config.MONGODB_URI ? createMongoDocuments({ uri: config.MONGODB_URI }) : createSqliteDocuments({ path: join(dataDir, 'documents.db') });
}

/**
 * Console sessions: in Redis when it is set (every gateway signs the same consoles in and out),
 * else a table in the documents' SQLite file under DATA_DIR.
 */
export function openSessions(config: EngineConfig, dataDir: string, log: Logger): { sessions: SessionStore; close(): Promise<void> | void } {
  const connections = redisConnections(config);
  if (!connections) {
    const sessions = createSqliteSessionStore({ path: join(dataDir, 'documents.db') });
    return { sessions, close: () => sessions.close() };
  }
  const redis = connections.commands();
  logConnectionErrors(log, 'sessions', redis);
  return { sessions: new RedisSessionStore(redis, config.REDIS_PREFIX), close: () => redis.disconnect() };
}

/**
 * `log` takes what the adapters' background work reports: a failed subscription, a lost notice.
 * `dataDir`: where a relay's in-process holds find what the embedded log recorded in each
 * subscription window (a restart then forgets none of it); absent for a process that relays nothing.
 */
export function openHotState(config: EngineConfig, log: Logger, dataDir?: string): HotState {
  const connections = redisConnections(config);
  if (!connections) {
    const windowUsage = dataDir === undefined ? undefined : openWindowRecord(config, dataDir);
    return {
      holds: createInProcessHoldStore(Date.now, windowUsage),
      inviteHolds: createInProcessHoldStore(),
      notices: createInProcessChangeNotices(),
      breakers: new InProcessCircuitBreakers(),
      notifier: createInProcessBalanceNotifier(),
      rateLimiters: inProcessRateLimiters,
      meter: new InProcessUsageMeter(),
      leases: new InProcessLeases(),
      affinities: new InProcessChannelAffinities(),
      codes: new InProcessOneTimeCodes(),
      roomPresence: new InProcessRoomPresence(),
      gatewayReports: new InProcessGatewayReports(),
      close: async () => windowUsage?.close(),
    };
  }
  const commands = connections.commands();
  const subscriber = connections.subscriber(); // pub/sub needs a connection of its own
  const prefix = config.REDIS_PREFIX;
  const confirmation = { replicas: config.REDIS_HOLD_REPLICAS, timeoutMs: config.REDIS_HOLD_WAIT_MS };
  // One shard channel per user (`${prefix}balances:{u42}`), followed only while a console of that user is open here.
  const notifier = new RedisBalanceNotifier(commands, subscriber, `${prefix}balances`, log);
  const livePublisher = connections.commands();
  const liveSubscriber = connections.subscriber();
  const reportsPublisher = connections.commands();
  logConnectionErrors(log, 'hot state', commands, subscriber, livePublisher, liveSubscriber, reportsPublisher);
  return {
    // Sharded pub/sub (Redis 7), a channel per room: a push reaches only the gateways with a
    // console in its room, and on a Redis Cluster only the node of its channel's slot.
    liveAdapter: createShardedAdapter(livePublisher, liveSubscriber, { channelPrefix: `${prefix}socket.io`, subscriptionMode: 'dynamic' }),
    roomPresence: new RedisRoomPresence(commands, subscriber, `${prefix}live-rooms`, log),
    // A connection of its own: a report is a few kilobytes, and the relay's hold scripts must not queue behind it.
    // Sharded pub/sub, subscribed only by the gateway that holds the collector's lease.
    gatewayReports: new RedisGatewayReports(reportsPublisher, subscriber, `${prefix}gateway-reports`, log),
    holds: createRedisHoldStore(commands, prefix, confirmation),
    inviteHolds: createRedisHoldStore(commands, `${prefix}aff:`, confirmation),
    rateLimiters: redisRateLimiters(commands, prefix),
    meter: new RedisUsageMeter(commands, prefix),
    leases: new RedisLeases(commands, prefix),
    // One GET per call an affinity rule matches, one SET when it succeeded; lookups counted in the process, added to one hash at most every 5 s.
    affinities: new RedisChannelAffinities(commands, prefix, log),
    codes: new RedisOneTimeCodes(commands, prefix),
    notices: new RedisChangeNotices(commands, subscriber, `${prefix}notices`, log),
    // Failures and probes only (a healthy call costs Redis nothing); transitions on one shard channel.
    breakers: new RedisCircuitBreakers(commands, subscriber, `${prefix}breakers`, prefix, log),
    notifier,
    close: async () => {
      await notifier.close();
      liveSubscriber.disconnect();
      reportsPublisher.disconnect();
      livePublisher.disconnect();
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}

/** SMTP is the one mail transport; its server and account are options, read at each send. */
export function openMailer(options: Options): Mailer {
  return createSmtpMailer(options);
}

/**
 * The ledger's history for statements: the events the analytics ingestion keeps in ClickHouse
 * (chdb embedded, the server in a cluster), which outlive the topic's retention.
 */
export function openHistory(querier: AnalyticsQuerier): ClickHouseLedgerHistory {
  return new ClickHouseLedgerHistory(querier);
}

/**
 * The analytics engine with its tables migrated to the latest version. It takes ready insert
 * bodies too: the embedded ingestion's thread builds them, this thread inserts them (off-loop/).
 */
export async function openQuerier(config: EngineConfig, dataDir: string): Promise<AnalyticsQuerier & EncodedInserter> {
  const querier = config.CLICKHOUSE_URL ? await clickHouseServer(config.CLICKHOUSE_URL, config.CLICKHOUSE_DATABASE) : createChdbQuerier({ path: join(dataDir, 'analytics') });
  await migrate(querier);
  return querier;
}

async function clickHouseServer(url: string, database: string): Promise<AnalyticsQuerier & EncodedInserter> {
  await ensureDatabase({ url, database });
  return createClickHouseQuerier({ url, database });
}
