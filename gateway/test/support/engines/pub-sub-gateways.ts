import { once } from 'node:events';
import { Cluster, type Redis } from 'ioredis';
import { requiredRedisClusterNodes } from '../config.js';

/** A publisher and a subscriber connection, a channel and a log: what each pub/sub adapter takes. */
export type PubSubAdapter<C, T> = (publisher: C, subscriber: C, channel: string, log: (error: unknown) => void) => T;

/**
 * Two gateways' adapters on one fresh channel, each on its own two connections, and the function that closes all four: the shape the pub/sub contracts open.
 */
export async function twoGatewaysOn<C extends Redis | Cluster, T>(connect: () => C, name: string, adapter: PubSubAdapter<C, T>): Promise<[T, T, () => Promise<void>]> {
  const connections = Array.from({ length: 4 }, connect);
  const [p1, s1, p2, s2] = connections as [C, C, C, C];
  const channel = `tg-${name}-test-${process.pid}-${Date.now()}-${Math.random()}`;
  const close = async () => void (await Promise.all(connections.map((c) => c.quit())));
  const log = (error: unknown) => console.error(error);
  return [adapter(p1, s1, channel, log), adapter(p2, s2, channel, log), close];
}

/**
 * A client of the Redis Cluster that with-redis-cluster.sh started, as the gateway makes its
 * subscribers: one sharded subscriber per primary, so SSUBSCRIBE reaches the channel's slot.
 */
export function clusterClient(): Cluster {
  return new Cluster(requiredRedisClusterNodes(), { shardedSubscribers: true });
}

/**
 * Waits until `count` connections are subscribed to the shard channel, counted on every primary: a
 * new Cluster client subscribes only once it has learned the slots, later than the contracts'
 * short pauses allow for.
 */
export async function untilShardSubscribers(channel: string, count: number, timeoutMs = 10_000): Promise<void> {
  const admin = new Cluster(requiredRedisClusterNodes());
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const counts = await Promise.all(admin.nodes('master').map(async (node) => Number(((await node.pubsub('SHARDNUMSUB', channel)) as [string, number])[1])));
      if (counts.reduce((sum, n) => sum + n, 0) >= count) return;
      if (Date.now() > deadline) throw new Error(`${channel}: not ${count} subscribers in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    admin.disconnect();
  }
}

/** How many keys under `prefix` each primary of the Redis Cluster holds: proof that a run used it, spread over its slots. */
export async function keysByPrimary(prefix: string): Promise<number[]> {
  const admin = new Cluster(requiredRedisClusterNodes());
  try {
    await once(admin, 'ready'); // before it, the client knows no primary
    return await Promise.all(admin.nodes('master').map(async (node) => (await node.keys(`${prefix}*`)).length));
  } finally {
    admin.disconnect();
  }
}
