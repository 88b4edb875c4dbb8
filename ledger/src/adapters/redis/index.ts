export { RedisBalanceNotifier } from './redis-balance-notifier.js';
export { type ChannelFollower, followChannel } from './follow-channel.js';
