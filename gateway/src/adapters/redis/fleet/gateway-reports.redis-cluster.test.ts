import { runGatewayReportsContract } from '../../../ports/hot-state/gateway-reports.contract.js';
import { clusterClient, twoGatewaysOn } from '../../../../test/support/engines/pub-sub-gateways.js';
import { RedisGatewayReports } from './gateway-reports.js';

// Two gateways, each with its own Cluster clients: the reports' shard channel lives on one primary.
runGatewayReportsContract('redis-cluster', () => twoGatewaysOn(clusterClient, 'reports', (p, s, channel, log) => new RedisGatewayReports(p, s, channel, log)));
