import { Cluster, Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { EngineConfig } from '../config.js';

/** One Redis or a Redis Cluster: every Redis adapter takes a narrow type both satisfy. */
export type RedisConnection = Redis | Cluster;

/** Opens the connections the Redis adapters share; which kind is the configuration's choice. */
export interface RedisConnections {
  /** A connection for commands and scripts (and SPUBLISH/PUBLISH). */
  commands(): RedisConnection;
  /**
   * A connection for subscribe mode, sharded (SSUBSCRIBE) and classic alike. A Cluster's keeps one
   * subscriber per primary and follows a channel's slot when it moves (a failover).
   */
  subscriber(): RedisConnection;
}

/** REDIS_CLUSTER_NODES: a Cluster; REDIS_URL: one Redis (the schema refuses both); neither: none. */
export function redisConnections(config: EngineConfig): RedisConnections | undefined {
  const url = config.REDIS_URL;
  if (url) return { commands: () => new Redis(url), subscriber: () => new Redis(url) };
  const nodes = config.REDIS_CLUSTER_NODES;
  if (!nodes) return undefined;
  return {
    commands: () => new Cluster(nodes),
    subscriber: () => new Cluster(nodes, { shardedSubscribers: true }),
  };
}

/**
 * ioredis reconnects by itself, and emits `error` for each failed attempt (printed to stderr as an
 * "unhandled error event" when nobody listens): logged instead, once per connection per outage.
 */
export function logConnectionErrors(log: Logger, name: string, ...connections: RedisConnection[]): void {
  for (const connection of connections) {
    let told = false;
    connection.on('error', (error: unknown) => {
      if (!told) log.warn({ err: error, connection: name }, 'Redis unreachable; reconnecting');
      told = true;
    });
    connection.on('ready', () => (told = false));
  }
}
