import type { UserNotice } from '../ports/balance-notifier.js';
import type { BalancesChanged } from '../ports/balance-store.js';

/** One batch's changes as the notices of each user they concern: every applied event once, every moved balance once. */
export function userNoticesOf(changes: BalancesChanged): UserNotice[] {
  const notices = new Map<number | null, UserNotice>();
  const noticeOf = (userId: number | null): UserNotice => {
    let notice = notices.get(userId);
    if (!notice) notices.set(userId, (notice = { userId, balance: null, appliedEventIds: [] }));
    return notice;
  };
  for (const user of changes.users) noticeOf(user.userId).balance = user;
  for (const event of changes.appliedEvents) noticeOf(event.userId).appliedEventIds.push(event.eventId);
  return [...notices.values()];
}
