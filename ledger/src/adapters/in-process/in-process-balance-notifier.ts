import type { BalanceNotifier, UserFollowing, UserNoticeListener } from '../../ports/balance-notifier.js';
import type { BalancesChanged } from '../../ports/balance-store.js';
import { UserFollowers } from '../../notices/user-followers.js';
import { userNoticesOf } from '../../notices/user-notices.js';

/** Embedded fan-out: the ledger worker and the gateway share a process, so a listener map suffices. */
export class InProcessBalanceNotifier implements BalanceNotifier {
  private readonly followers = new UserFollowers();

  /** Every follower hears its notice even if an earlier one throws; the failures are thrown together after. */
  async publish(changes: BalancesChanged): Promise<void> {
    if (this.followers.empty) return;
    const failures = userNoticesOf(changes).flatMap((notice) => this.followers.deliver(notice));
    if (failures.length > 0) throw new AggregateError(failures, 'a balances listener threw');
  }

  followUser(userId: number | null, listener: UserNoticeListener): UserFollowing {
    this.followers.add(userId, listener);
    return { ready: Promise.resolve(), stop: () => void this.followers.remove(userId, listener) };
  }

  async close(): Promise<void> {
    this.followers.clear();
  }
}

export function createInProcessBalanceNotifier(): InProcessBalanceNotifier {
  return new InProcessBalanceNotifier();
}
