export { RedisBalanceNotifier } from './redis-balance-notifier.js';
export { type ChannelFollower, followChannel } from './follow-channel.js';
export { followShardChannel, type ShardPublisher, type ShardSubscriber } from './follow-shard-channel.js';
