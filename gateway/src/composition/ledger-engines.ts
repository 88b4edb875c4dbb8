import { join } from 'node:path';
import type { BalanceInventory, BalanceStore, EventLog, EventLogReader, WindowUsageRecord } from '@tollgate/ledger';
import { createKafkaEventLog, parseBrokers, type TopicSettings } from '@tollgate/ledger/kafka';
import { createMongoBalanceStore } from '@tollgate/ledger/mongo';
import { createSqliteBalanceStore, createSqliteEventLog, newAppendCounter, openSqliteWindowUsage } from '@tollgate/ledger/sqlite';
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
 * What the relay's log and the ledger's thread (off-loop/) share so that the relay's appends wake
 * the thread's consumer at once (Atomics), as they wake the consumers of their own thread: polled
 * every 50 ms instead, the ledger's notice came 23 to 26 ms after the append at the median and up
 * to 53 ms (docs/benchmarks.md). The Kafka log ignores it: its consumers hear the broker.
 */
export const newLogWakeups: () => SharedArrayBuffer = newAppendCounter;

/**
 * The log: the pipe events travel through (statements read their history from analytics,
 * `openHistory`). `wakeups`: shared with the other thread's log on the same file (newLogWakeups);
 * appends made by another process are seen at the SQLite adapter's poll (100 ms).
 */
export function openEventLog(config: EngineConfig, dataDir: string, wakeups?: SharedArrayBuffer): EventLog & EventLogReader {
  if (!config.KAFKA_BROKERS) return createSqliteEventLog({ path: ledgerFile(dataDir), lingerMs: CONSUMER_LINGER_MS, ...(wakeups ? { appendCounter: wakeups } : {}) });
  const log = createKafkaEventLog({ brokers: parseBrokers(config.KAFKA_BROKERS), topic: config.KAFKA_TOPIC, lingerMs: CONSUMER_LINGER_MS, ...topicSettings(config) });
  // The topic is created or checked now, so its settings are reported at start. The workers wait
  // for this before they start (a refused topic fails their start); a gateway does not, as it may
  // start while the broker is down (docs/scaling.md, "A broker outage"): a failure here comes back from its appends.
  log.ensureTopic().catch(() => {});
  return log;
}

/** What the embedded log recorded in each subscription window, for an in-process hold store to start its windows from (issue #41). */
export function openLogWindowUsage(dataDir: string): WindowUsageRecord {
  return openSqliteWindowUsage(ledgerFile(dataDir));
}

/** The ledger topic as the configuration wants it (docs/scaling.md). */
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
