import { availableParallelism } from 'node:os';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/**
 * Which engine backs each port. Every variable unset keeps the embedded engine (files under
 * DATA_DIR); each one set moves its port onto the shared engine, independently of the others.
 */
export const engineConfigSchema = z.object({
  /** Where the embedded engines keep their files. */
  DATA_DIR: z.string().default('./data'),
  /** Kafka bootstrap brokers, `host:port` separated by commas: the event log. */
  KAFKA_BROKERS: optionalText,
  KAFKA_TOPIC: z.string().min(1).default('tollgate.ledger'),
  /**
   * Partitions of the topic when Tollgate creates it: the most ledger or analytics workers that
   * share the load. Twelve, not more: a ledger worker applies one partition's chunk at a time at a
   * fixed cost of round trips per chunk, so at a given rate more partitions make more, smaller
   * chunks and more round trips per event; and a deployment that grows past twelve workers grows
   * the topic drained (docs/scaling.md). Twelve also splits evenly over 1, 2, 3, 4 and 6 workers.
   */
  KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(1024).default(12),
  /**
   * The ledger topic's settings when Tollgate creates it; a role that finds the topic with others
   * says which at start and changes nothing. Production defaults: three replicas, an append
   * acknowledged by two (one broker may be down without losing or refusing an event).
   * The local single broker of infra/local sets 1, 1 and 1.
   */
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(32).default(3),
  /** A topic found with fewer replicas than this is refused: the role does not start. */
  KAFKA_MIN_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(32).default(2),
  KAFKA_MIN_INSYNC_REPLICAS: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * The topic's `retention.ms`; -1 keeps every record. Statements and the ledger audit read the
   * history ClickHouse keeps (`ledger_movements`), not the topic; but without CLICKHOUSE_URL a
   * gateway added later fills its own chdb copy from the topic, so the default keeps every record
   * (docs/scaling.md).
   */
  KAFKA_RETENTION_MS: z.coerce.number().int().min(-1).default(-1),
  /**
   * How the topic's batches are compressed, by the producers and on the broker's disk. Only the
   * codecs kafkajs has built in: a topic in lz4, zstd or snappy would be unreadable to its consumers.
   */
  KAFKA_COMPRESSION: z.enum(['gzip', 'none']).default('gzip'),
  /** `mongodb://…/database`: documents and balances. */
  MONGODB_URI: optionalText,
  /** `redis://…`, one Redis: holds, sessions, limits, change notices, the ledger's notices, Socket.IO. */
  REDIS_URL: optionalText,
  /**
   * `host:port,host:port`: some nodes of a Redis Cluster (ioredis finds the others), in place of
   * REDIS_URL for the same uses. Keys are hash-tagged so each operation touches one slot, and
   * pub/sub is sharded (Redis 7), so each channel is relayed by one primary (docs/scaling.md).
   */
  REDIS_CLUSTER_NODES: optionalText.pipe(
    z
      .string()
      .regex(/^([^\s:,]+:\d{1,5})(,[^\s:,]+:\d{1,5})*$/, { message: 'must list host:port,host:port' })
      .transform((list) => list.split(',').map((node) => ({ host: node.slice(0, node.lastIndexOf(':')), port: Number(node.slice(node.lastIndexOf(':') + 1)) })))
      .optional(),
  ),
  /**
   * With replicas (a Redis Cluster's, or one Redis's): how many must have a call's hold before it
   * is forwarded (WAIT after the admission, on the same node), and for how long to wait. Redis
   * replicates asynchronously, so a hold its primary had not passed on when it died would be
   * missing on the replica that takes over, and the balance it set aside spendable twice; a hold
   * not confirmed in time is given back and the call refused with a 503. 0: no WAIT (no replicas:
   * WAIT would wait its whole timeout on every call). Costs one command and a replica's round trip a call.
   */
  REDIS_HOLD_REPLICAS: z.coerce.number().int().min(0).max(5).default(0),
  REDIS_HOLD_WAIT_MS: z.coerce.number().int().min(1).max(5_000).default(100),
  /** Prefix of every Redis key and pub/sub channel, so Tollgates can share one Redis. */
  REDIS_PREFIX: z.string().regex(/^[\w:.-]+$/).default('tg:'),
  /** `http://user:password@host:8123`: logs, stats and the dashboard. */
  CLICKHOUSE_URL: optionalText,
  CLICKHOUSE_DATABASE: z.string().regex(/^\w+$/).default('tollgate'),
  /** The analytics worker inserts log rows at this many events or ANALYTICS_BATCH_MS, whichever first (ClickHouse pays per insert). */
  ANALYTICS_BATCH_ROWS: z.coerce.number().int().min(1).max(200_000).default(20_000),
  ANALYTICS_BATCH_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /**
   * How long the ledger remembers an applied event's id, counted from when it applied it, so that a
   * second copy of the event at a later offset is applied once. Copies come from a producer's
   * retries (within about two minutes: 30 retries, at most 5 s apart) and from a gateway's usage
   * spool sending again a batch Kafka had acknowledged just before the gateway crashed (when that
   * gateway starts again on its DATA_DIR). A redelivery after a ledger restart needs no id: it
   * re-reads only offsets past the checkpoint. Default 7 days: past a dead gateway brought back over
   * a long weekend and a partition stuck on a failing batch as long, while the ids kept stay
   * bounded (about 1.2 billion at 2,000 events a second, instead of 5 billion more every month for
   * ever). A gateway started again with a spool older than this may charge those calls twice.
   * At least an hour: shorter would forget ids while a producer may still be retrying behind a slow ledger.
   */
  LEDGER_DEDUP_WINDOW_MS: z.coerce.number().int().min(3_600_000).default(7 * 86_400_000),
  /**
   * How many of its Kafka partitions one ledger worker applies at once. The balance changes commute
   * (a partition's batches still go in order), so this is about load, not safety: each partition in
   * flight holds a batch and about five MongoDB round trips at a time. 4 keeps a worker that holds
   * all 12 default partitions busy while a round trip is out, without crowding the database; 1 is
   * the old one-partition-at-a-time behaviour.
   */
  LEDGER_PARTITIONS_AT_ONCE: z.coerce.number().int().min(1).max(64).default(4),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The embedded Tollgate's ledger worker on a thread of its own instead of the relay's event loop
   * (docs/benchmarks.md, "Embedded workers off the relay's loop"). By default on a machine (or a
   * container's CPU share) of more than one core, where the thread has a core to run on; on one
   * core it would only take the relay's, with the messages on top.
   */
  EMBEDDED_LEDGER_THREAD: z.stringbool().default(() => availableParallelism() > 1),
  /**
   * The embedded Tollgate's analytics ingestion (the log's read-back, the rows and their JSON) on
   * the same thread as the ledger's, the relay's thread doing only the chdb inserts it hands back
   * (no thread may load chdb). By default where the ledger's thread is: more than one core.
   */
  EMBEDDED_INGESTION_THREAD: z.stringbool().default(() => availableParallelism() > 1),
  /** How much V8's old generation may grow past its live size between full collections, in percent (0: V8's own rule). */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(400).default(20),
}).superRefine((config, ctx) => {
  if (config.REDIS_URL && config.REDIS_CLUSTER_NODES) {
    ctx.addIssue({ code: 'custom', path: ['REDIS_CLUSTER_NODES'], message: 'set REDIS_URL (one Redis) or REDIS_CLUSTER_NODES (a Redis Cluster), not both' });
  }
  if (config.KAFKA_REPLICATION_FACTOR < config.KAFKA_MIN_REPLICATION_FACTOR) {
    ctx.addIssue({ code: 'custom', path: ['KAFKA_REPLICATION_FACTOR'], message: `must be at least KAFKA_MIN_REPLICATION_FACTOR (${config.KAFKA_MIN_REPLICATION_FACTOR})` });
  }
  if (config.KAFKA_MIN_INSYNC_REPLICAS > config.KAFKA_REPLICATION_FACTOR) {
    ctx.addIssue({ code: 'custom', path: ['KAFKA_MIN_INSYNC_REPLICAS'], message: `must be at most KAFKA_REPLICATION_FACTOR (${config.KAFKA_REPLICATION_FACTOR}): no append could be acknowledged` });
  }
});

/** The HTTP server's log level: a name `LOG_LEVEL` takes. */
export type LogLevel = z.infer<typeof engineConfigSchema>['LOG_LEVEL'];

/** Every environment variable the gateway reads. The only reader of process.env. */
export const gatewayConfigSchema = engineConfigSchema.extend({
  /**
   * `true`: the relay's routes log a line when a call comes in and one when it is answered, as the
   * API's do. Off by default: the usage log already records every call.
   */
  LOG_RELAY_REQUESTS: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  /**
   * The embedded Tollgate's relay on this many processes sharing PORT (README, "Relay workers"):
   * each serves the relay, the API and the console; one more process owns what may exist only
   * once (the holds and the rest of hot state, chdb, the ledger, the ingestion) and serves it to
   * them over IPC. 1, the default, is the single process. Cluster mode ignores it (run more gateways).
   */
  RELAY_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Port for the console, the API and the relay. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Proxies whose forwarded headers (X-Forwarded-For, -Proto, -Host) are believed: addresses or
   * CIDRs, separated by commas. Empty, the client address is always the socket's, so no client can
   * choose the address that allow-lists, rate limits and logs see.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((text) => text.split(',').map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()], { message: 'each entry must be an IP address or a CIDR' }))),
  /**
   * Password of the `root` user created on first start, for unattended installs: setting it marks
   * setup done, so the first-run wizard (POST /api/setup) is skipped. Unset, root starts with
   * `123456` and the wizard asks for its name and password.
   */
  INITIAL_ROOT_PASSWORD: z.string().min(1).optional(),
  /**
   * Origins besides the gateway's own (and `ServerAddress`'s) whose pages may write through /api
   * with a session and open the console's socket: `https://console.example`, separated by commas.
   * A state-changing /api call whose Origin (or Referer) is any other is refused with 403.
   */
  CONSOLE_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((text) => text.split(',').map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, message: 'each entry must be an http(s) origin' }).transform((url) => new URL(url).origin))),
  /**
   * A listener that serves /metrics (Prometheus) alone, on METRICS_HOST (loopback unless the
   * scraper is on another machine). Unset, there is none.
   */
  METRICS_PORT: z
    .string()
    .trim()
    .optional()
    .transform((text) => (text ? Number(text) : undefined))
    .pipe(z.number({ message: 'METRICS_PORT must be a port number' }).int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * Set, every scrape must send `Authorization: Bearer <token>`, and the public port serves
   * /metrics too (to the token only). Unset, the public port answers 404 there.
   */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, { message: 'METRICS_TOKEN must have 16 characters or more' }).optional()),
  /** Signs session cookies; generated and kept in DATA_DIR when unset (set it alike on every gateway). */
  SESSION_SECRET: z.string().min(16).optional(),
  /**
   * `true`: the session cookie is always `Secure`. Otherwise it is `Secure` when the sign-in came
   * over HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto).
   */
  COOKIE_SECURE: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  /** Built console to serve; unset serves console/dist when it exists. */
  CONSOLE_DIR: z.string().optional(),
  /** How long a hold outlives a gateway that died before settling it. */
  HOLD_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /**
   * With Kafka: the most usage events a gateway keeps in its spool (DATA_DIR/usage-spool.db) while
   * the broker is unreachable; at this many, new paid calls are refused (503) rather than served unbilled.
   */
  USAGE_SPOOL_MAX_EVENTS: z.coerce.number().int().min(1).default(100_000),
  /** How often unfinished Midjourney/Suno tasks are polled (one gateway of the cluster polls). */
  TASK_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(15_000),
  /**
   * A task the upstream has not finished this many minutes after its submit fails and is refunded
   * (new-api's TASK_TIMEOUT_MINUTES and default); fractions allowed; 0 polls it for ever.
   */
  TASK_TIMEOUT_MINUTES: z.coerce.number().min(0).default(1440),
  /**
   * The longest a client may take to send a whole request, headers and body; a stalled upload is
   * then answered 408 and its connection closed. 0 waits for ever.
   */
  BODY_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Open connections per upstream origin; a streamed answer holds one for its whole length. */
  UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).max(65_536).default(2048),
  /**
   * Tokens (by key) and users the relay keeps in memory, each, least recently used out first;
   * an entry is read again from the store after DOCUMENT_CACHE_TTL_MS, or at once on a change notice.
   */
  DOCUMENT_CACHE_ENTRIES: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  DOCUMENT_CACHE_TTL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
  /** Calls to /api per client IP per GLOBAL_API_RATE_LIMIT_DURATION seconds (new-api's default); 0 turns it off. */
  GLOBAL_API_RATE_LIMIT: z.coerce.number().int().min(0).default(180),
  GLOBAL_API_RATE_LIMIT_DURATION: z.coerce.number().int().min(1).default(180),
  /** Sign-in, registration, password reset, verification mail, OAuth and top-up per client IP per CRITICAL_RATE_LIMIT_DURATION seconds; 0 turns it off. */
  CRITICAL_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
  CRITICAL_RATE_LIMIT_DURATION: z.coerce.number().int().min(1).default(1200),
  /** Where sign-in providers and the bot check live; overridable so tests (or a proxy) stand in for them. */
  GITHUB_OAUTH_URL: z.url().default('https://github.com'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  LINUXDO_OAUTH_URL: z.url().default('https://connect.linux.do'),
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  /** Where payment providers' APIs live (checkouts are created there); overridable for the tests' stand-ins or a proxy. */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  CREEM_API_URL: z.url().default('https://api.creem.io'),
  /** Creem's test API, used while the CreemTestMode option is on. */
  CREEM_TEST_API_URL: z.url().default('https://test-api.creem.io'),
});

export type EngineConfig = z.infer<typeof engineConfigSchema>;
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

function parseWith<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return parseWith(gatewayConfigSchema, env);
}

/** The configuration of a ledger or analytics worker: the engines alone. */
export function loadWorkerConfig(env: Record<string, string | undefined> = process.env): EngineConfig {
  return parseWith(engineConfigSchema, env);
}
