export { RedisBalanceNotifier } from './redis-balance-notifier.js';
export { type ChannelFollower, followShardChannel, type ShardPublisher, type ShardSubscriber } from './follow-shard-channel.js';
