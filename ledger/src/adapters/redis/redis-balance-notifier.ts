import { type BackgroundLog, reportBackgroundFailure } from '../../background/background-log.js';
import { runInBackground } from '../../background/run-in-background.js';
import type { ShardPublisher, ShardSubscriber } from './follow-shard-channel.js';
import type { BalanceNotifier, UserFollowing, UserNotice, UserNoticeListener } from '../../ports/balance-notifier.js';
import type { BalancesChanged } from '../../ports/balance-store.js';
import { SubscribedFollowers } from '../../notices/user-followers.js';
import { userNoticesOf } from '../../notices/user-notices.js';

/**
 * The ledger's notices over Redis sharded pub/sub, one shard channel per user (hash-tagged like the
 * user's holds, so on a Redis Cluster the notice goes through the node that holds them). The ledger
 * publishes each user's notice once; only a gateway following that user subscribes, so a batch
 * costs the fleet one SPUBLISH per user it moved, whatever the number of gateways. `subscriber` is a
 * connection in subscribe mode (it may carry other channels); ioredis subscribes it again to every
 * channel after a reconnection or a failover, and what was published meanwhile is lost (a console
 * reads its balance again when it reconnects; a request's wait times out into "not yet applied").
 */
export class RedisBalanceNotifier implements BalanceNotifier {
  /** The channels subscribed, to the user they carry: a message on any other channel is not ours. */
  private readonly users = new Map<string, number | null>();
  private readonly followers = new SubscribedFollowers(
    (userId) => this.subscribe(userId),
    (userId) => this.unsubscribe(userId),
    (error, userId) => reportBackgroundFailure(this.log, `subscribe to ${this.channelOf(userId)}`, error),
  );

  constructor(
    private readonly publisher: ShardPublisher,
    private readonly subscriber: ShardSubscriber,
    private readonly channelPrefix: string,
    private readonly log: BackgroundLog,
  ) {
    subscriber.on('smessage', (channel: string, text: string) => {
      const userId = this.users.get(channel);
      if (userId === undefined) return;
      const notice = parseNotice(text);
      if (notice?.userId === userId) for (const failure of this.followers.deliver(notice)) reportBackgroundFailure(log, 'tell a balance follower', failure);
    });
  }

  async publish(changes: BalancesChanged): Promise<void> {
    await Promise.all(userNoticesOf(changes).map((notice) => this.publisher.spublish(this.channelOf(notice.userId), JSON.stringify(notice))));
  }

  followUser(userId: number | null, listener: UserNoticeListener): UserFollowing {
    return this.followers.follow(userId, listener);
  }

  async close(): Promise<void> {
    this.followers.clear();
    const channels = [...this.users.keys()];
    this.users.clear();
    await Promise.all(channels.map((channel) => this.subscriber.sunsubscribe(channel)));
  }

  private channelOf(userId: number | null): string {
    return `${this.channelPrefix}:{u${userId ?? '-'}}`;
  }

  private async subscribe(userId: number | null): Promise<void> {
    const channel = this.channelOf(userId);
    this.users.set(channel, userId);
    await this.subscriber.ssubscribe(channel);
  }

  private unsubscribe(userId: number | null): void {
    const channel = this.channelOf(userId);
    this.users.delete(channel);
    // Commands on one connection run in order: a follow of this user again subscribes after this.
    runInBackground(`unsubscribe from ${channel}`, () => this.subscriber.sunsubscribe(channel), this.log);
  }
}

function parseNotice(text: string): UserNotice | null {
  try {
    const notice = JSON.parse(text) as Partial<UserNotice> | null;
    return notice && Array.isArray(notice.appliedEventIds) && 'userId' in notice ? (notice as UserNotice) : null;
  } catch {
    return null; // not the ledger's: a listener that threw here would end the process
  }
}
