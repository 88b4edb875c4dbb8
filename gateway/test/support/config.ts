import { z } from 'zod';

/** The cluster tier's configuration: the engines' addresses that infra/local/with-engines.sh exports. */
const hint = 'for the cluster tier (bash infra/local/with-engines.sh ...)';
const redisUrl = z.string().url({ message: `REDIS_URL must name a Redis server ${hint}` });
const clusterEnginesSchema = z.object({
  REDIS_URL: redisUrl,
  KAFKA_BROKERS: z.string().min(1, { message: `KAFKA_BROKERS must name a Kafka broker ${hint}` }),
  MONGODB_URI: z.string().startsWith('mongodb://', { message: `MONGODB_URI must name a MongoDB-wire server ${hint}` }),
});

function parseOrThrow<S extends z.ZodType>(schema: S): z.infer<S> {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

/** The Redis the cluster tier runs against; fails loudly (never skips) when none is given. */
export function requiredRedisUrl(): string {
  return parseOrThrow(z.object({ REDIS_URL: redisUrl })).REDIS_URL;
}

/** The Redis Cluster's nodes (host:port,...) that infra/local/redis/with-redis-cluster.sh exports. */
export function requiredRedisClusterNodes(): { host: string; port: number }[] {
  const nodes = z.string().regex(/^[^:,]+:\d+(,[^:,]+:\d+)*$/, {
    message: 'REDIS_CLUSTER_NODES must list host:port,... (bash infra/local/redis/with-redis-cluster.sh ...)',
  });
  const list = parseOrThrow(z.object({ REDIS_CLUSTER_NODES: nodes })).REDIS_CLUSTER_NODES;
  return list.split(',').map((node) => ({ host: node.split(':')[0]!, port: Number(node.split(':')[1]) }));
}

/** Every shared engine, for tests that run Tollgate's roles as separate processes. */
export function requiredClusterEngines(): z.infer<typeof clusterEnginesSchema> {
  return parseOrThrow(clusterEnginesSchema);
}

/**
 * Kafka and MongoDB from with-engines.sh, and the Redis Cluster from with-redis-cluster.sh in place
 * of the single Redis: for the cluster tier's suites run on both (`npx vitest run --project redis-cluster`).
 */
export function requiredEnginesOnRedisCluster(): { KAFKA_BROKERS: string; MONGODB_URI: string; REDIS_CLUSTER_NODES: string } {
  const { KAFKA_BROKERS, MONGODB_URI } = parseOrThrow(clusterEnginesSchema.pick({ KAFKA_BROKERS: true, MONGODB_URI: true }));
  const REDIS_CLUSTER_NODES = requiredRedisClusterNodes().map(({ host, port }) => `${host}:${port}`).join(',');
  return { KAFKA_BROKERS, MONGODB_URI, REDIS_CLUSTER_NODES };
}

/** The MongoDB-wire server the cluster tier runs against. */
export function requiredMongoUri(): string {
  return parseOrThrow(clusterEnginesSchema.pick({ MONGODB_URI: true })).MONGODB_URI;
}

/** The new-api source databases the import's cluster tests write to (infra/local/with-engines.sh starts them). */
export function requiredSqlServers(): { MARIADB_URL: string; POSTGRES_URL: string } {
  return parseOrThrow(
    z.object({
      MARIADB_URL: z.string().startsWith('mysql://', { message: `MARIADB_URL must name a MariaDB server ${hint}` }),
      POSTGRES_URL: z.string().startsWith('postgres://', { message: `POSTGRES_URL must name a PostgreSQL server ${hint}` }),
    }),
  );
}

/** FUZZ_SEED replays a fuzz run with the seed it printed; unset, the test's own seed. */
export function fuzzSeed(fallback: number): number {
  return parseOrThrow(z.object({ FUZZ_SEED: z.coerce.number().int().default(fallback) })).FUZZ_SEED;
}
