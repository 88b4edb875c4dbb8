import type { Redis } from 'ioredis';
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
 * Subscribes `subscriber` to `channel`, and again after each reconnection: ioredis resubscribes by
 * itself only to channels whose SUBSCRIBE had succeeded, so one asked for while Redis was away
 * would stay silent for good. A failed SUBSCRIBE is logged; the next reconnection tries again.
 */
export function followChannel(subscriber: Redis, channel: string, log: BackgroundLog, follower: ChannelFollower = {}): void {
  const subscribe = () =>
    runInBackground(`subscribe to ${channel}`, async () => {
      await subscriber.subscribe(channel);
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
  subscribe();
}
