import { clusterClient, twoGatewaysOn } from '../../../../test/support/engines/pub-sub-gateways.js';
import { runCircuitBreakersContract } from '../../../ports/hot-state/circuit-breakers.contract.js';
import { RedisCircuitBreakers } from './circuit-breakers.js';

// Two gateways, each with its own Cluster clients: a channel's two keys share one slot ({c<id>}), the transitions' shard channel lives on one primary.
runCircuitBreakersContract('redis-cluster', () => twoGatewaysOn(clusterClient, 'breakers', (p, s, channel, log) => new RedisCircuitBreakers(p, s, channel, `${channel}:`, log)));
