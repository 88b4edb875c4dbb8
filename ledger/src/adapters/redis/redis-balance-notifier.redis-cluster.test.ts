import { Cluster } from 'ioredis';
import { afterAll } from 'vitest';
import { runBalanceNotifierContract } from '../../ports/balance-notifier.contract.js';
import { redisClusterNodes } from '../../testing/cluster-engines.js';
import { RedisBalanceNotifier } from './redis-balance-notifier.js';

const connections: Cluster[] = [];
// As the gateway makes them: subscribers keep one sharded subscriber per primary.
const connect = (shardedSubscribers: boolean) => {
  const cluster = new Cluster(redisClusterNodes(), { shardedSubscribers });
  connections.push(cluster);
  return cluster;
};
afterAll(async () => void (await Promise.all(connections.map((c) => c.quit()))));

// The ledger and a gateway, each on its own Cluster clients: each user's shard channel lives on the primary of its slot.
runBalanceNotifierContract('redis-cluster', async () => {
  const channel = `tg-balances-test-${process.pid}-${connections.length}`;
  const log = (error: unknown) => console.error(error);
  return [new RedisBalanceNotifier(connect(false), connect(true), channel, log), new RedisBalanceNotifier(connect(false), connect(true), channel, log)];
});
