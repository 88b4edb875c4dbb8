import { Redis } from 'ioredis';
import { requiredRedisUrl } from '../../../../test/support/config.js';
import { twoGatewaysOn } from '../../../../test/support/engines/pub-sub-gateways.js';
import { runCircuitBreakersContract } from '../../../ports/hot-state/circuit-breakers.contract.js';
import { RedisCircuitBreakers } from './circuit-breakers.js';

// Two gateways, each on its own command and subscriber connections.
runCircuitBreakersContract('redis', () => twoGatewaysOn(() => new Redis(requiredRedisUrl()), 'breakers', (p, s, channel, log) => new RedisCircuitBreakers(p, s, channel, `${channel}:`, log)));
