import { Cluster } from 'ioredis';
import { requiredRedisClusterNodes } from '../../../test/support/config.js';
import { runChangeNoticesContract } from '../../ports/change-notices.contract.js';
import { RedisChangeNotices } from './change-notices.js';

// Two gateways, each with a Cluster client to publish and one to subscribe (ioredis subscribes on one node).
runChangeNoticesContract('redis-cluster', async () => {
  const connections = Array.from({ length: 4 }, () => new Cluster(requiredRedisClusterNodes()));
  const [p1, s1, p2, s2] = connections as [Cluster, Cluster, Cluster, Cluster];
  const channel = `tg-notices-test-${process.pid}-${Date.now()}-${Math.random()}`;
  const close = async () => void (await Promise.all(connections.map((c) => c.quit())));
  const log = (error: unknown) => console.error(error);
  return [new RedisChangeNotices(p1, s1, channel, log), new RedisChangeNotices(p2, s2, channel, log), close];
});
