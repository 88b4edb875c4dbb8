import type { UserFollowing, UserNotice, UserNoticeListener } from '../ports/balance-notifier.js';

/** The listeners of each followed user, for a notifier: it subscribes for a user's first and lets go after the last. */
export class UserFollowers {
  private readonly byUser = new Map<number | null, Set<UserNoticeListener>>();

  get empty(): boolean {
    return this.byUser.size === 0;
  }

  /** Whether this is the user's first listener. */
  add(userId: number | null, listener: UserNoticeListener): boolean {
    const listeners = this.byUser.get(userId);
    if (listeners) return (listeners.add(listener), false);
    this.byUser.set(userId, new Set([listener]));
    return true;
  }

  /** Whether that was the user's last listener. */
  remove(userId: number | null, listener: UserNoticeListener): boolean {
    const listeners = this.byUser.get(userId);
    if (!listeners?.delete(listener) || listeners.size > 0) return false;
    this.byUser.delete(userId);
    return true;
  }

  /** Every listener of the notice's user hears it even if an earlier one throws; the failures are returned. */
  deliver(notice: UserNotice): unknown[] {
    const failures: unknown[] = [];
    for (const listener of [...(this.byUser.get(notice.userId) ?? [])]) {
      try {
        listener(notice);
      } catch (error) {
        failures.push(error);
      }
    }
    return failures;
  }

  clear(): void {
    this.byUser.clear();
  }
}

/**
 * The follows of a notifier that subscribes per user (a Redis shard channel, the owner of a relay
 * worker's stores): the first follower of a user subscribes, the last one's stop unsubscribes, and
 * every follower of a user waits on that one subscription.
 */
export class SubscribedFollowers {
  private readonly followers = new UserFollowers();
  private readonly subscriptions = new Map<number | null, Promise<void>>();

  constructor(
    private readonly subscribe: (userId: number | null) => Promise<void>,
    private readonly unsubscribe: (userId: number | null) => void,
    /** A subscription that failed: its followers hear it through `ready`; this keeps it owned when none waits. */
    private readonly onError: (error: unknown, userId: number | null) => void,
  ) {}

  follow(userId: number | null, listener: UserNoticeListener): UserFollowing {
    if (this.followers.add(userId, listener)) {
      const subscribed = this.subscribe(userId);
      subscribed.catch((error: unknown) => this.onError(error, userId));
      this.subscriptions.set(userId, subscribed);
    }
    return {
      ready: this.subscriptions.get(userId) ?? Promise.resolve(),
      stop: () => {
        if (!this.followers.remove(userId, listener)) return;
        this.subscriptions.delete(userId);
        this.unsubscribe(userId);
      },
    };
  }

  /** Tells the notice's followers; returns what their listeners threw. */
  deliver(notice: UserNotice): unknown[] {
    return this.followers.deliver(notice);
  }

  clear(): void {
    this.followers.clear();
    this.subscriptions.clear();
  }
}
