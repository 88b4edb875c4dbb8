import type { BackgroundLog } from '../../background/background-log.js';
import { runInBackground } from '../../background/run-in-background.js';

export interface ChannelFollower {
  /** The subscription is in place (the first time, and after each reconnection). */
  onSubscribed?(): void;
  /**
   * The connection is back after a loss. Pub/sub keeps nothing for a subscriber that is away, so
   * whatever was published meanwhile is lost: the caller catches up (reloads what it would have been told).
   */
  onReconnected?(): void;
}

/**
 * What publishing on a shard channel (Redis 7's SPUBLISH) needs: ioredis' Redis and Cluster both
 * have it. A Cluster sends it to the one primary that owns the channel's slot, so what one
 * connection publishes on a channel arrives in the order it was published.
 */
export interface ShardPublisher {
  spublish(channel: string, message: string): Promise<unknown>;
}

/**
 * A connection in sharded subscribe mode: ioredis' Redis (a connection of its own), or a Cluster
 * made with `shardedSubscribers: true` (it keeps one subscriber per primary, and subscribes again
 * where a channel's slot moved: 'subscribersReady').
 */
export interface ShardSubscriber {
  readonly status: string;
  ssubscribe(channel: string): Promise<unknown>;
  sunsubscribe(channel: string): Promise<unknown>;
  on(event: 'smessage', listener: (channel: string, message: string) => void): unknown;
  on(event: 'ready' | 'subscribersReady', listener: () => void): unknown;
}

/**
 * Subscribes `subscriber` to a shard channel (SSUBSCRIBE), which works on one Redis and on a Redis
 * Cluster alike, and tells `follower` when it is in place and when it was lost and is back. Subscribed again after each reconnection of a single Redis (ioredis resubscribes by itself
 * only to channels whose SSUBSCRIBE had succeeded); a Cluster's subscribers, each re-made when the
 * topology changes (a failover), are subscribed again by ioredis and tell it with 'subscribersReady',
 * which is a reconnection here too: what was published meanwhile is lost.
 */
export function followShardChannel(subscriber: ShardSubscriber, channel: string, log: BackgroundLog, follower: ChannelFollower = {}): void {
  let subscribedOnce = false;
  const subscribe = () =>
    runInBackground(`subscribe to ${channel}`, async () => {
      await subscriber.ssubscribe(channel);
      subscribedOnce = true;
      follower.onSubscribed?.();
    }, log);
  let connectedBefore = subscriber.status === 'ready';
  subscriber.on('ready', () => {
    if (connectedBefore) {
      subscribe();
      follower.onReconnected?.();
    }
    connectedBefore = true;
  });
  subscriber.on('subscribersReady', () => {
    if (!subscribedOnce) return;
    follower.onSubscribed?.();
    follower.onReconnected?.();
  });
  subscribe();
}
