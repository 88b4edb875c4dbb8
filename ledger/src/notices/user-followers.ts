import type { UserNotice, UserNoticeListener } from '../ports/balance-notifier.js';

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
