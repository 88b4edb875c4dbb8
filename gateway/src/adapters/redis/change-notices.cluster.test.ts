import { Redis } from 'ioredis';
import { requiredRedisUrl } from '../../../test/support/config.js';
import { runChangeNoticesContract } from '../../ports/change-notices.contract.js';
import { RedisChangeNotices } from './change-notices.js';

runChangeNoticesContract('redis', async () => {
  const connections = Array.from({ length: 4 }, () => new Redis(requiredRedisUrl()));
  const [p1, s1, p2, s2] = connections as [Redis, Redis, Redis, Redis];
  const channel = `tg-notices-test-${process.pid}-${Date.now()}-${Math.random()}`;
  const close = async () => void (await Promise.all(connections.map((c) => c.quit())));
  const log = (error: unknown) => console.error(error);
  return [new RedisChangeNotices(p1, s1, channel, log), new RedisChangeNotices(p2, s2, channel, log), close];
});
