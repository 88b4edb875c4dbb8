import { Cluster } from 'ioredis';
import { requiredRedisClusterNodes } from '../../../test/support/config.js';
import { runGatewayReportsContract } from '../../ports/gateway-reports.contract.js';
import { RedisGatewayReports } from './gateway-reports.js';
import { twoGatewaysOn } from '../../../test/support/pub-sub-gateways.js';

runGatewayReportsContract('redis-cluster', () => twoGatewaysOn(() => new Cluster(requiredRedisClusterNodes()), 'reports', (p, s, channel, log) => new RedisGatewayReports(p, s, channel, log)));
