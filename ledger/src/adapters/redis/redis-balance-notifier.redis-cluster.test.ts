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

// The ledger and a gateway, each on its own Cluster clients: the notices' shard channel lives on one primary.
runBalanceNotifierContract('redis-cluster', async () => {
  const channel = `tg-balances-test-${process.pid}-${connections.length}`;
  const log = (error: unknown) => console.error(error);
  const notifiers: [RedisBalanceNotifier, RedisBalanceNotifier] = [new RedisBalanceNotifier(connect(false), connect(true), channel, log), new RedisBalanceNotifier(connect(false), connect(true), channel, log)];
  await untilSubscribed(channel, 2);
  return notifiers;
});

/** A new Cluster client subscribes once it has learned the slots: later than the contract's short pause. */
async function untilSubscribed(channel: string, count: number): Promise<void> {
  const admin = connect(false);
  const deadline = Date.now() + 10_000;
  const subscribers = async () => {
    const counts = await Promise.all(admin.nodes('master').map(async (node) => Number(((await node.pubsub('SHARDNUMSUB', channel)) as [string, number])[1])));
    return counts.reduce((sum, n) => sum + n, 0);
  };
  while ((await subscribers()) < count) {
    if (Date.now() > deadline) throw new Error(`${channel}: not ${count} subscribers in time`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
