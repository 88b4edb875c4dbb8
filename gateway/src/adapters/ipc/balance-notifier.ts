import { type BalanceNotifier, type BalancesChanged, SubscribedFollowers, type UserFollowing, type UserNoticeListener } from '@tollgate/ledger';
import { z } from 'zod';
import type { IpcClient } from './client.js';
import { balancesChangedSchema, userNoticeSchema } from './ledger-shapes.js';
import { handle, type IpcOwner, type PortHandlers } from './owner.js';

const TOPIC = 'balances';
const userKeySchema = z.number().int().nonnegative().nullable();

/**
 * The owner's side: the ledger (on the owner) tells each user's notices to the workers that follow
 * that user, and only to them. The owner follows a user on its own notifier while any worker does;
 * a worker that goes away lets go of its follows.
 */
export function balanceNotifierHandlers(notifier: BalanceNotifier, owner: IpcOwner): PortHandlers {
  const followers = new Map<number | null, { peers: Set<number>; following: UserFollowing }>();
  const unfollow = (userId: number | null, peerId: number) => {
    const entry = followers.get(userId);
    if (!entry?.peers.delete(peerId) || entry.peers.size > 0) return;
    entry.following.stop();
    followers.delete(userId);
  };
  owner.onPeerGone((peer) => {
    for (const userId of [...followers.keys()]) unfollow(userId, peer.id);
  });
  return {
    publish: handle(z.tuple([balancesChangedSchema]), ([changes]) => notifier.publish(changes)),
    follow: handle(z.tuple([userKeySchema]), ([userId], peer) => {
      const entry = followers.get(userId);
      if (entry) return (entry.peers.add(peer.id), entry.following.ready);
      const peers = new Set([peer.id]);
      const following = notifier.followUser(userId, (notice) => {
        for (const peerId of peers) owner.pushTo(peerId, TOPIC, notice);
      });
      followers.set(userId, { peers, following });
      return following.ready;
    }),
    unfollow: handle(z.tuple([userKeySchema]), ([userId], peer) => unfollow(userId, peer.id)),
  };
}

/** A relay worker's notifier: follows users through the owner, which pushes their notices here. */
export class IpcBalanceNotifier implements BalanceNotifier {
  private readonly followers: SubscribedFollowers;

  constructor(
    private readonly client: IpcClient,
    private readonly onError: (error: unknown) => void,
  ) {
    this.followers = new SubscribedFollowers(
      async (userId) => void (await client.call('notifier', 'follow', [userId])),
      (userId) => void client.call('notifier', 'unfollow', [userId]).catch(onError),
      (error) => onError(error),
    );
    client.onPush(TOPIC, (payload) => {
      const notice = userNoticeSchema.safeParse(payload);
      if (!notice.success) return onError(notice.error);
      for (const failure of this.followers.deliver(notice.data)) onError(failure);
    });
  }

  async publish(changes: BalancesChanged): Promise<void> {
    await this.client.call('notifier', 'publish', [changes]);
  }

  followUser(userId: number | null, listener: UserNoticeListener): UserFollowing {
    return this.followers.follow(userId, listener);
  }

  async close(): Promise<void> {
    this.followers.clear();
  }
}
