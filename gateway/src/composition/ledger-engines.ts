import { join } from 'node:path';
import type { BalanceInventory, BalanceStore, EventLog, EventLogReader } from '@tollgate/ledger';
import { createKafkaEventLog, parseBrokers, type TopicSettings } from '@tollgate/ledger/kafka';
import { createMongoBalanceStore } from '@tollgate/ledger/mongo';
import { createSqliteBalanceStore, createSqliteEventLog } from '@tollgate/ledger/sqlite';
import type { EngineConfig } from '../config.js';

/**
 * The ledger's engines alone: the event log and the balances. The ledger's thread (off-loop/)
 * imports this module and not engines.ts, so it loads no analytics engine: chdb's addon crashes
 * in the teardown of any thread that loaded it, and the process's own chdb (the relay's ingestion
 * and log queries) then hangs for good (off-loop/worker-thread.int.test.ts).
 */

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

export function openBalances(config: EngineConfig, dataDir: string): Promise<BalanceStore & BalanceInventory> | (BalanceStore & BalanceInventory) {
  return config.MONGODB_URI ? createMongoBalanceStore({ uri: config.MONGODB_URI }) : createSqliteBalanceStore({ path: ledgerFile(dataDir) });
}
