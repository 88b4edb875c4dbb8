import type { Announced, ChannelBalance, TokenBalance, UserBalance } from '../../ports/balance-store.js';

/** The last offset of each partition applied to one account document: its exactly-once guard. */
export type AppliedOffsets = Record<string, number>;

/** The aff fields are optional: documents written before the invite account lack them. */
export interface UserDocument extends Omit<UserBalance, 'userId' | 'affQuota' | 'affHistoryQuota' | 'affCount'> {
  _id: number;
  affQuota?: number;
  affHistoryQuota?: number;
  affCount?: number;
  applied?: AppliedOffsets;
  /** How many times the ledger wrote it (`Announced`); documents written before it lack it. */
  version?: number;
}

export interface TokenDocument extends Omit<TokenBalance, 'tokenId'> {
  _id: number;
  applied?: AppliedOffsets;
  version?: number;
}

export interface ChannelDocument extends Omit<ChannelBalance, 'channelId'> {
  _id: number;
  applied?: AppliedOffsets;
}

/**
 * One event applied once: its `_id` is the event id, so a duplicate append is recognised.
 * `appliedAt` is the worker's clock when it was applied; markers written before it existed lack it.
 */
export interface AppliedEventDocument {
  _id: string;
  partition: number;
  offset: number;
  appliedAt?: Date | null;
}

export interface CheckpointDocument {
  _id: number;
  offset: number;
}

export const Collections = {
  users: 'ledger_users',
  tokens: 'ledger_tokens',
  channels: 'ledger_channels',
  appliedEvents: 'ledger_applied_events',
  checkpoints: 'ledger_checkpoints',
} as const;

/** A document written before the invite account existed has no aff fields: they read as zero. */
export const userFrom = (doc: UserDocument): UserBalance => ({
  userId: doc._id,
  quota: doc.quota,
  usedQuota: doc.usedQuota,
  requestCount: doc.requestCount,
  affQuota: doc.affQuota ?? 0,
  affHistoryQuota: doc.affHistoryQuota ?? 0,
  affCount: doc.affCount ?? 0,
});
/** A user or token as a batch announces it: with its document's write count. */
export const announced = <T>(balance: T, doc: { version?: number }): Announced<T> => ({ ...balance, version: doc.version ?? 0 });
export const tokenFrom = (doc: TokenDocument): TokenBalance => ({ tokenId: doc._id, userId: doc.userId, remainQuota: doc.remainQuota, usedQuota: doc.usedQuota, unlimited: doc.unlimited });
export const channelFrom = (doc: ChannelDocument): ChannelBalance => ({ channelId: doc._id, usedQuota: doc.usedQuota });
