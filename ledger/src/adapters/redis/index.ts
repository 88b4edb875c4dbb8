export { RedisBalanceNotifier } from './redis-balance-notifier.js';
