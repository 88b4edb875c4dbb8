import { runChangeNoticesContract } from '../../../ports/hot-state/change-notices.contract.js';
import { clusterClient, twoGatewaysOn } from '../../../../test/support/engines/pub-sub-gateways.js';
import { RedisChangeNotices } from './change-notices.js';

// Two gateways, each with its own Cluster clients: the notices' shard channel lives on one primary.
runChangeNoticesContract('redis-cluster', () => twoGatewaysOn(clusterClient, 'notices', (p, s, channel, log) => new RedisChangeNotices(p, s, channel, log)));
