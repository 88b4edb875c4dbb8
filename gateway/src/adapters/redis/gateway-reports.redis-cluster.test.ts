import { Cluster } from 'ioredis';
import { requiredRedisClusterNodes } from '../../../test/support/config.js';
import { runGatewayReportsContract } from '../../ports/gateway-reports.contract.js';
import { RedisGatewayReports } from './gateway-reports.js';

runGatewayReportsContract('redis-cluster', async () => {
  const connections = Array.from({ length: 4 }, () => new Cluster(requiredRedisClusterNodes()));
  const [p1, s1, p2, s2] = connections as [Cluster, Cluster, Cluster, Cluster];
  const channel = `tg-reports-test-${process.pid}-${Date.now()}-${Math.random()}`;
  const close = async () => void (await Promise.all(connections.map((c) => c.quit())));
  const log = (error: unknown) => console.error(error);
  return [new RedisGatewayReports(p1, s1, channel, log), new RedisGatewayReports(p2, s2, channel, log), close];
});
