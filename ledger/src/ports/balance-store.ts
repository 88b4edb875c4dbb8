import type { StoredEvent } from './event-log.js';

export interface UserBalance {
  userId: number;
  quota: number;
  usedQuota: number;
  requestCount: number;
  /** The invite account: rewards not yet moved into `quota`, all rewards ever, invitees. */
  affQuota: number;
  affHistoryQuota: number;
  affCount: number;
}

export interface TokenBalance {
  tokenId: number;
  userId: number;
  remainQuota: number;
  usedQuota: number;
  unlimited: boolean;
}

export interface ChannelBalance {
  channelId: number;
  usedQuota: number;
}

/** What one applied batch changed: the new balances, and the holds the applied usage settles. */
/**
 * A hold a gateway took for an event, named with the user whose balance it is on: hot state keeps
 * each user's holds together (one Redis Cluster slot per user), so settling one needs its user.
 */
export interface SettledHold {
  holdId: string;
  userId: number;
}

/**
 * A balance as a batch announces it, with the store's version of the account when it gives one: a
 * number that only grows as the account is written (MongoDB: the document's count of writes;
 * SQLite: the sum of the partitions' checkpoints). Hot state keeps the balance of the highest
 * version it was told, so two ledger processes announcing one account in either order (a user
 * written by two partitions after partitions were added) never put an older balance back.
 */
export type Announced<T> = T & { version?: number };

/**
 * An event a batch applied, with the user whose balance it moved (null for a token's quota set):
 * the ledger's notice of it goes to that user's followers only (ports/balance-notifier.ts).
 */
export interface AppliedEvent {
  eventId: string;
  userId: number | null;
}

export interface BalancesChanged {
  users: Announced<UserBalance>[];
  tokens: Announced<TokenBalance>[];
  channels: ChannelBalance[];
  settledHolds: SettledHold[];
  appliedEvents: AppliedEvent[];
}

/**
 * The only writer of balances. Applying is atomic with the partition's checkpoint,
 * so applying the same events twice changes nothing.
 */
export interface BalanceStore {
  /** Applies the events past the partition's checkpoint; events at or below it are skipped. */
  apply(batch: StoredEvent[]): Promise<BalancesChanged>;
  /** The last offset applied from a partition, or -1. */
  checkpoint(partition: number): Promise<number>;
  /** Missing accounts read as zero balances. */
  users(userIds: number[]): Promise<UserBalance[]>;
  tokens(tokenIds: number[]): Promise<TokenBalance[]>;
  channels(channelIds: number[]): Promise<ChannelBalance[]>;
  /**
   * Forgets up to `limit` applied-event markers (the ids that make a duplicate append apply once)
   * recorded more than `windowMs` ago by the store's clock; resolves to how many it forgot. An event
   * appended again after its marker is gone is applied again: `windowMs` must outlast every way a
   * copy can reach the ledger later (see `worker/marker-sweep.ts`).
   */
  forgetAppliedEvents(windowMs: number, limit: number): Promise<number>;
  close(): Promise<void>;
}

/** The store's clock, in epoch milliseconds: when a marker says its event was applied. */
export type Clock = () => number;

/** Every account a store holds a balance for. */
export interface AccountIds {
  userIds: number[];
  tokenIds: number[];
  channelIds: number[];
}

/** Lets an audit also find stored balances that no event explains. */
export interface BalanceInventory {
  accountIds(): Promise<AccountIds>;
}
