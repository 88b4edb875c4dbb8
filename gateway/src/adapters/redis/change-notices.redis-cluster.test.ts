import { Cluster } from 'ioredis';
import { requiredRedisClusterNodes } from '../../../test/support/config.js';
import { runChangeNoticesContract } from '../../ports/change-notices.contract.js';
import { RedisChangeNotices } from './change-notices.js';
import { twoGatewaysOn } from '../../../test/support/pub-sub-gateways.js';

// Two gateways, each with a Cluster client to publish and one to subscribe (ioredis subscribes on one node).
runChangeNoticesContract('redis-cluster', () => twoGatewaysOn(() => new Cluster(requiredRedisClusterNodes()), 'notices', (p, s, channel, log) => new RedisChangeNotices(p, s, channel, log)));
