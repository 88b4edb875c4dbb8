import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const hint = 'for the cluster tier (bash infra/local/with-engines.sh ...)';
const engines = {
  KAFKA_BROKERS: z.string().min(1, { message: `KAFKA_BROKERS must name a Kafka broker ${hint}` }),
  MONGODB_URI: z.string().startsWith('mongodb://', { message: `MONGODB_URI must name a MongoDB-wire server ${hint}` }),
  REDIS_URL: z.string().startsWith('redis://', { message: `REDIS_URL must name a Redis server ${hint}` }),
  REDIS_CLUSTER_NODES: z.string().regex(/^[^:,]+:\d+(,[^:,]+:\d+)*$/, { message: 'REDIS_CLUSTER_NODES must list host:port,... (bash infra/local/redis/with-redis-cluster.sh ...)' }),
};

/** One engine's address from the environment; fails loudly (never skips) when it is not there. */
export function requiredEngine(name: keyof typeof engines): string {
  // An unset variable is read as '', so the message says which engine is missing rather than "expected string".
  const parsed = engines[name].safeParse(process.env[name] ?? '');
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

/** The Redis Cluster's nodes that infra/local/redis/with-redis-cluster.sh started, as ioredis takes them. */
export function redisClusterNodes(): { host: string; port: number }[] {
  return requiredEngine('REDIS_CLUSTER_NODES').split(',').map((node) => ({ host: node.split(':')[0]!, port: Number(node.split(':')[1]) }));
}

/** The engines infra/local started; fails loudly (never skips) when they are not there. */
export function clusterEngines(): { KAFKA_BROKERS: string; MONGODB_URI: string } {
  return { KAFKA_BROKERS: requiredEngine('KAFKA_BROKERS'), MONGODB_URI: requiredEngine('MONGODB_URI') };
}

/** MONGODB_URI with a database of its own, so test files never meet. */
export function freshMongoUri(base: string, prefix: string): string {
  const url = new URL(base);
  url.pathname = `/${prefix}_${randomBytes(6).toString('hex')}`;
  return url.toString();
}
