import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Kafka, MongoDB, and one Redis (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES, host:port,...). */
export type ClusterEngines = { KAFKA_BROKERS: string; MONGODB_URI: string } & ({ REDIS_URL: string } | { REDIS_CLUSTER_NODES: string });

/** What a topic on the local single broker can have: one replica, acknowledged by one. */
export const LOCAL_TOPIC_SETTINGS = { KAFKA_REPLICATION_FACTOR: '1', KAFKA_MIN_REPLICATION_FACTOR: '1', KAFKA_MIN_INSYNC_REPLICAS: '1' };

/**
 * One cluster of Tollgate role processes inside shared engines: its own Kafka topic, MongoDB
 * database and Redis key prefix, so test files never meet; each role gets its own DATA_DIR.
 */
export class ClusterRun {
  readonly id = randomBytes(4).toString('hex');
  readonly topic = `tollgate.cluster.${this.id}`;
  /** Every Redis key and channel of this run starts with it. */
  readonly redisPrefix = `tg-${this.id}:`;
  readonly mongoUri: string;
  private readonly dataDirs: string[] = [];

  constructor(
    private readonly engines: ClusterEngines,
    private readonly settings: Record<string, string> = {},
  ) {
    const mongo = new URL(engines.MONGODB_URI);
    mongo.pathname = `/tollgate_${this.id}`;
    this.mongoUri = mongo.toString();
  }

  /** The environment of one more role process. */
  roleEnv(): Record<string, string> {
    const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-cluster-'));
    this.dataDirs.push(dataDir);
    return {
      KAFKA_BROKERS: this.engines.KAFKA_BROKERS,
      KAFKA_TOPIC: this.topic,
      KAFKA_PARTITIONS: '4',
      ...LOCAL_TOPIC_SETTINGS,
      MONGODB_URI: this.mongoUri,
      // One of the two, the other blanked: a suite run inside both with-engines.sh and
      // with-redis-cluster.sh has both in its environment, which a gateway refuses.
      REDIS_URL: 'REDIS_URL' in this.engines ? this.engines.REDIS_URL : '',
      REDIS_CLUSTER_NODES: 'REDIS_CLUSTER_NODES' in this.engines ? this.engines.REDIS_CLUSTER_NODES : '',
      REDIS_PREFIX: this.redisPrefix,
      SESSION_SECRET: 'a-session-secret-shared-by-every-gateway',
      DATA_DIR: dataDir,
      GLOBAL_API_RATE_LIMIT: '0', // these tests sign many users in from one IP
      CRITICAL_RATE_LIMIT: '0',
      ...this.settings,
    };
  }

  removeDataDirs(): void {
    for (const dir of this.dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}
