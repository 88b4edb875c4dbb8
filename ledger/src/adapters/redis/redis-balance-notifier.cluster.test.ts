import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { runBalanceNotifierContract } from '../../ports/balance-notifier.contract.js';
import { requiredEngine } from '../../testing/cluster-engines.js';
import { RedisBalanceNotifier } from './redis-balance-notifier.js';

const url = requiredEngine('REDIS_URL');
const connections: Redis[] = [];
const connect = () => {
  const redis = new Redis(url);
  connections.push(redis);
  return redis;
};
afterAll(async () => void (await Promise.all(connections.map((c) => c.quit()))));

runBalanceNotifierContract('redis', async () => {
  const channel = `tg-balances-test-${process.pid}-${connections.length}`;
  const log = (error: unknown) => console.error(error);
  return [new RedisBalanceNotifier(connect(), connect(), channel, log), new RedisBalanceNotifier(connect(), connect(), channel, log)];
});
