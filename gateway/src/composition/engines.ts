import { join } from 'node:path';
import { type AnalyticsQuerier, ClickHouseLedgerHistory, migrate } from '@tollgate/analytics';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import { createClickHouseQuerier, ensureDatabase } from '@tollgate/analytics/clickhouse';
import type { BalanceInventory, BalanceNotifier, BalanceStore, EventLog, EventLogReader } from '@tollgate/ledger';
import { createInProcessBalanceNotifier } from '@tollgate/ledger/in-process';
import { createKafkaEventLog, parseBrokers, type TopicSettings } from '@tollgate/ledger/kafka';
import { createMongoBalanceStore } from '@tollgate/ledger/mongo';
import { RedisBalanceNotifier } from '@tollgate/ledger/redis';
import { createSqliteBalanceStore, createSqliteEventLog } from '@tollgate/ledger/sqlite';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import type { ServerOptions } from 'socket.io';
import type { Logger } from 'pino';
import { createInProcessChangeNotices } from '../adapters/in-process/change-notices.js';
import { createInProcessHoldStore } from '../adapters/in-process/hold-store.js';
import { createMongoDocuments } from '../adapters/mongo/index.js';
import { RedisChangeNotices } from '../adapters/redis/change-notices.js';
import { createRedisHoldStore } from '../adapters/redis/hold-store.js';
import { redisRateLimiters } from '../adapters/redis/rate-limiter.js';
import { inProcessRateLimiters } from '../adapters/in-process/rate-limiter.js';
import type { RateLimiters } from '../ports/rate-limiter.js';
import type { UsageMeter } from '../ports/usage-meter.js';
import { InProcessUsageMeter } from '../adapters/in-process/usage-meter.js';
import { RedisUsageMeter } from '../adapters/redis/usage-meter.js';
import { InProcessLeases } from '../adapters/in-process/leases.js';
import { RedisLeases } from '../adapters/redis/leases.js';
import { InProcessOneTimeCodes } from '../adapters/in-process/one-time-codes.js';
import { RedisOneTimeCodes } from '../adapters/redis/one-time-codes.js';
import { InProcessRoomPresence } from '../adapters/in-process/room-presence.js';
import { RedisRoomPresence } from '../adapters/redis/room-presence.js';
import { RedisGatewayReports } from '../adapters/redis/gateway-reports.js';
import { InProcessGatewayReports } from '../adapters/in-process/gateway-reports.js';
import type { GatewayReports } from '../ports/gateway-reports.js';
import type { RoomPresence } from '../ports/room-presence.js';
import { createSmtpMailer } from '../adapters/smtp/smtp-mailer.js';
import type { OptionCache } from '../options/option-cache.js';
import type { Mailer } from '../ports/mailer.js';
import type { OneTimeCodes } from '../ports/one-time-codes.js';
import type { Leases } from '../ports/leases.js';
import { createSqliteDocuments } from '../adapters/sqlite/index.js';
import { createSqliteSessionStore } from '../adapters/sqlite/sqlite-session-store.js';
import { RedisSessionStore } from '../adapters/redis/session-store.js';
import type { SessionStore } from '../ports/session-store.js';
import type { EngineConfig } from '../config.js';
import { logConnectionErrors, redisConnections } from './redis-connections.js';
import type { ChangeNotices } from '../ports/change-notices.js';
import type { Documents } from '../ports/documents.js';
import type { HoldStore } from '../ports/hold-store.js';
import { createLogOutbox } from '../adapters/in-process/log-outbox.js';
import { SpooledOutbox } from '../adapters/sqlite/spooled-outbox.js';
import { UsageSpool } from '../adapters/sqlite/usage-spool.js';
import type { UsageOutbox } from '../ports/usage-outbox.js';

/**
 * The one place that picks each port's adapter: the engine named by its variable, else the
 * embedded one under DATA_DIR. The entries (main.ts and its roles) call these and nothing else does.
 */

/** The state every gateway and the ledger share in memory-speed stores. */
export interface HotState {
  holds: HoldStore;
  inviteHolds: HoldStore;
  notices: ChangeNotices;
  notifier: BalanceNotifier;
  rateLimiters: RateLimiters;
  meter: UsageMeter;
  leases: Leases;
  codes: OneTimeCodes;
  /** Socket.IO's adapter, so consoles' rooms span every gateway; unset: Socket.IO's in-memory one. */
  liveAdapter?: ServerOptions['adapter'];
  /** Which of those rooms have a console in them, on any gateway. */
  roomPresence: RoomPresence;
  gatewayReports: GatewayReports;
  close(): Promise<void>;
}

const ledgerFile = (dataDir: string) => join(dataDir, 'ledger.db');

/**
 * The ledger and analytics consumers read every 50 ms under load, so their per-batch cost (a
 * transaction, an insert) is paid once per 50 ms rather than once per request: embedded, on the
 * relay's own event loop (c=1 added latency 2.7 -> 1.0 ms); in a cluster, the ledger's Mongo
 * transaction per trickle of events took about a fifth of the gateway's CPU at 100 req/s
 * (docs/benchmarks.md, item 18).
 * Holds keep spending exact in the meantime; balances show a call up to 50 ms later (log rows:
 * see ANALYTICS_BATCH_MS).
 */
const CONSUMER_LINGER_MS = 50;

/**
 * How often the embedded ledger's thread (off-loop/) looks for the relay's appends: an append
 * wakes the consumers of its own thread at once, another thread's only when they look. The
 * linger's period, so a lone call reaches the ledger as late as one under load. At idle, with the
 * ingestion on the thread too, it spent 230 ms of CPU in 20 s (at 20 ms, 400 ms; the relay's thread
 * with both on its loop and the adapter's 100 ms, 280 ms); a console edit waits at most this long
 * more for the ledger.
 */
export const OTHER_THREAD_POLL_MS = 50;

/**
 * The log: the pipe events travel through (statements read their history from analytics,
 * `openHistory`). `pollMs`: how often the embedded log's consumers look for appends made on
 * another thread or process (the SQLite adapter's default, 100 ms, when unset).
 */
export function openEventLog(config: EngineConfig, dataDir: string, pollMs?: number): EventLog & EventLogReader {
  if (!config.KAFKA_BROKERS) return createSqliteEventLog({ path: ledgerFile(dataDir), lingerMs: CONSUMER_LINGER_MS, ...(pollMs === undefined ? {} : { pollIntervalMs: pollMs }) });
  const log = createKafkaEventLog({ brokers: parseBrokers(config.KAFKA_BROKERS), topic: config.KAFKA_TOPIC, lingerMs: CONSUMER_LINGER_MS, ...topicSettings(config) });
  // The topic is created or checked now, so its settings are reported at start. The workers wait
  // for this before they start (a refused topic fails their start); a gateway does not, as it may
  // start while the broker is down (README, "A broker outage"): a failure here comes back from its appends.
  log.ensureTopic().catch(() => {});
  return log;
}

/** The ledger topic as the configuration wants it (README, "Scaling out"). */
function topicSettings(config: EngineConfig): TopicSettings {
  return {
    partitions: config.KAFKA_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
    minReplicationFactor: config.KAFKA_MIN_REPLICATION_FACTOR,
    minInsyncReplicas: config.KAFKA_MIN_INSYNC_REPLICAS,
    retentionMs: config.KAFKA_RETENTION_MS,
    compression: config.KAFKA_COMPRESSION,
  };
}

export interface OutboxSettings {
  holdTtlMs: number;
  maxEvents: number;
  onError: (error: unknown) => void;
}

/**
 * The relay's usage path into the log. The embedded log is on this disk: straight in. Kafka can be
 * unreachable: through a spool under DATA_DIR, whose leftovers from a previous run have their
 * holds kept from this call on and are drained first once the outbox is started.
 */
export function openUsageOutbox(config: EngineConfig, dataDir: string, eventLog: EventLog, holds: HoldStore, settings: OutboxSettings): UsageOutbox {
  if (!config.KAFKA_BROKERS) return createLogOutbox(eventLog);
  const spool = UsageSpool.open(join(dataDir, 'usage-spool.db'), settings.onError);
  return new SpooledOutbox({ spool, log: eventLog, holds, ...settings });
}

export function openBalances(config: EngineConfig, dataDir: string): Promise<BalanceStore & BalanceInventory> | (BalanceStore & BalanceInventory) {
  return config.MONGODB_URI ? createMongoBalanceStore({ uri: config.MONGODB_URI }) : createSqliteBalanceStore({ path: ledgerFile(dataDir) });
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

/** `log` takes what the adapters' background work reports: a failed subscription, a lost notice. */
export function openHotState(config: EngineConfig, log: Logger): HotState {
  const connections = redisConnections(config);
  if (!connections) {
    return {
      holds: createInProcessHoldStore(),
      inviteHolds: createInProcessHoldStore(),
      notices: createInProcessChangeNotices(),
      notifier: createInProcessBalanceNotifier(),
      rateLimiters: inProcessRateLimiters,
      meter: new InProcessUsageMeter(),
      leases: new InProcessLeases(),
      codes: new InProcessOneTimeCodes(),
      roomPresence: new InProcessRoomPresence(),
      gatewayReports: new InProcessGatewayReports(),
      close: async () => {},
    };
  }
  const commands = connections.commands();
  const subscriber = connections.subscriber(); // pub/sub needs a connection of its own
  const prefix = config.REDIS_PREFIX;
  const confirmation = { replicas: config.REDIS_HOLD_REPLICAS, timeoutMs: config.REDIS_HOLD_WAIT_MS };
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
    // Classic pub/sub, which a Cluster relays too (to every node); typed for one Redis until the
    // reports move to keys that one collector reads (issue #35), hence the cast.
    gatewayReports: new RedisGatewayReports(reportsPublisher, subscriber, `${prefix}gateway-reports`, log),
    holds: createRedisHoldStore(commands, prefix, confirmation),
    inviteHolds: createRedisHoldStore(commands, `${prefix}aff:`, confirmation),
    rateLimiters: redisRateLimiters(commands, prefix),
    meter: new RedisUsageMeter(commands, prefix),
    leases: new RedisLeases(commands, prefix),
    codes: new RedisOneTimeCodes(commands, prefix),
    notices: new RedisChangeNotices(commands, subscriber, `${prefix}notices`, log),
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
export function openMailer(options: OptionCache): Mailer {
  return createSmtpMailer(options);
}

/**
 * The ledger's history for statements: the events the analytics ingestion keeps in ClickHouse
 * (chdb embedded, the server in a cluster), which outlive the topic's retention.
 */
export function openHistory(querier: AnalyticsQuerier): ClickHouseLedgerHistory {
  return new ClickHouseLedgerHistory(querier);
}

/** The analytics engine with its tables migrated to the latest version. */
export async function openQuerier(config: EngineConfig, dataDir: string): Promise<AnalyticsQuerier> {
  const querier = config.CLICKHOUSE_URL ? await clickHouseServer(config.CLICKHOUSE_URL, config.CLICKHOUSE_DATABASE) : createChdbQuerier({ path: join(dataDir, 'analytics') });
  await migrate(querier);
  return querier;
}

async function clickHouseServer(url: string, database: string): Promise<AnalyticsQuerier> {
  await ensureDatabase({ url, database });
  return createClickHouseQuerier({ url, database });
}
