import type { Announced, BalancesChanged, UserBalance } from './balance-store.js';

/**
 * What one batch told one user's followers: the user's new balance when the batch moved it, and
 * the ids of the user's events it applied. `userId` null carries the events of no user (a token's
 * quota set names its token only).
 */
export interface UserNotice {
  userId: number | null;
  balance: Announced<UserBalance> | null;
  appliedEventIds: string[];
}

export type UserNoticeListener = (notice: UserNotice) => void;

/** A follow of one user's notices: `ready` once none published from then on can be missed. */
export interface UserFollowing {
  ready: Promise<void>;
  stop(): void;
}

/** The ledger's side: tells what it applied. */
export interface BalancePublisher {
  publish(changes: BalancesChanged): Promise<void>;
}

/**
 * Tells gateways what the ledger just applied, user by user: a gateway follows a user only while
 * it has a use for that user's notices (a console of theirs is open there, or a request waits for
 * its own events), so what a batch costs the fleet does not grow with the number of gateways.
 * Embedded: in-process. Cluster: one Redis shard channel per user.
 */
export interface BalanceNotifier extends BalancePublisher {
  followUser(userId: number | null, listener: UserNoticeListener): UserFollowing;
  close(): Promise<void>;
}
