import { type BackgroundLog, type BalanceNotifier, reportBackgroundFailure, type UserFollowing, type UserNotice } from '@tollgate/ledger';
import type { BalancePushed } from '@tollgate/wire';
import type { LiveFanout } from '../ports/live-fanout.js';
import type { LocalRooms } from '../ports/hot-state/room-presence.js';
import { userOfRoom } from './socket-fanout.js';

function pushBalance(fanout: LiveFanout, notice: UserNotice): void {
  const user = notice.balance;
  if (!user) return;
  const payload: BalancePushed = { userId: user.userId, quota: user.quota, usedQuota: user.usedQuota, requestCount: user.requestCount };
  fanout.toUser(user.userId, 'balance', payload);
}

/**
 * Follows what the ledger applied for the users with a console open on this gateway (a socket in
 * their room), and pushes each new balance to those consoles. A user is followed from their room's
 * first socket to its last, so a gateway hears the notices of its own consoles' users only: what a
 * batch costs does not grow with the fleet. Hot state is not this gateway's to update: the ledger's
 * notifier applied it once for every gateway (billing/hot-state-feed.ts).
 */
export function followLedger(notifier: BalanceNotifier, local: Pick<LocalRooms, 'rooms' | 'on' | 'off'>, fanout: LiveFanout, log: BackgroundLog): () => void {
  const following = new Map<number, UserFollowing>();
  const follow = (room: string) => {
    const userId = userOfRoom(room);
    if (userId === null || following.has(userId)) return;
    const follow = notifier.followUser(userId, (notice) => pushBalance(fanout, notice));
    following.set(userId, follow);
    follow.ready.catch((error: unknown) => reportBackgroundFailure(log, `follow the balance of user ${userId}`, error));
  };
  const unfollow = (room: string) => {
    const userId = userOfRoom(room);
    if (userId === null) return;
    following.get(userId)?.stop();
    following.delete(userId);
  };
  for (const room of local.rooms.keys()) follow(room);
  local.on('create-room', follow);
  local.on('delete-room', unfollow);
  return () => {
    local.off('create-room', follow);
    local.off('delete-room', unfollow);
    for (const follow of following.values()) follow.stop();
    following.clear();
  };
}
