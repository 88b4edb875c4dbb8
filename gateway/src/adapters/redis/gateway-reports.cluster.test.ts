import { Redis } from 'ioredis';
import { requiredRedisUrl } from '../../../test/support/config.js';
import { runGatewayReportsContract } from '../../ports/gateway-reports.contract.js';
import { RedisGatewayReports } from './gateway-reports.js';
import { twoGatewaysOn } from '../../../test/support/pub-sub-gateways.js';

runGatewayReportsContract('redis', () => twoGatewaysOn(() => new Redis(requiredRedisUrl()), 'reports', (p, s, channel, log) => new RedisGatewayReports(p, s, channel, log)));
