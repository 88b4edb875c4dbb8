import type { mongo } from 'mongoose';
import type { AccountKeys } from '../../decider/accounts.js';
import type { TouchedBalances } from '../../decider/evolve.js';
import type { ChannelBalance, TokenBalance, UserBalance } from '../../ports/balance-store.js';
import { type AppliedOffsets, type ChannelDocument, Collections, channelFrom, type TokenDocument, tokenFrom, type UserDocument, userFrom } from './balance-documents.js';

/** An account as read, what the batch made of it, and the offset its document was read at. */
interface Account<T> {
  balance: T;
  readAt: number | undefined;
  lastOffset: number | null;
}

const DUPLICATE_KEY = 11000;
const ignoreDuplicates = (error: unknown) => {
  if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
};

/** The document still carries the offset it was read at: nobody wrote it since. */
const unchangedSince = (field: string, readAt: number | undefined) => (readAt === undefined ? { [field]: { $exists: false } } : { [field]: readAt });

/** One partition's events applied to the balance documents they touch: load, fold, write. */
export class PartitionBatch {
  private readonly users = new Map<number, Account<UserBalance>>();
  private readonly tokens = new Map<number, Account<TokenBalance>>();
  private readonly channels = new Map<number, Account<ChannelBalance>>();
  /** What this batch adds to each channel's used quota. */
  private readonly channelAdded = new Map<number, number>();
  private readonly field: string;

  constructor(
    private readonly partition: number,
    private readonly collection: <T extends mongo.Document>(name: string) => mongo.Collection<T>,
  ) {
    this.field = `applied.${partition}`;
  }

  /** Creates the missing documents (zero balances), then reads every touched one. */
  async load(keys: AccountKeys[]): Promise<void> {
    const wanted = (pick: (k: AccountKeys) => number | null) => [...new Set(keys.map(pick).filter((id): id is number => id !== null))];
    const appliedAt = (applied: AppliedOffsets | undefined) => applied?.[String(this.partition)];
    for (const doc of await this.ensure<UserDocument>(Collections.users, wanted((k) => k.userId), { quota: 0, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 })) {
      this.users.set(doc._id, { balance: userFrom(doc), readAt: appliedAt(doc.applied), lastOffset: null });
    }
    for (const doc of await this.ensure<TokenDocument>(Collections.tokens, wanted((k) => k.tokenId), { userId: 0, remainQuota: 0, usedQuota: 0, unlimited: false })) {
      this.tokens.set(doc._id, { balance: tokenFrom(doc), readAt: appliedAt(doc.applied), lastOffset: null });
    }
    for (const doc of await this.ensure<ChannelDocument>(Collections.channels, wanted((k) => k.channelId), { usedQuota: 0 })) {
      this.channels.set(doc._id, { balance: channelFrom(doc), readAt: appliedAt(doc.applied), lastOffset: null });
    }
  }

  /** Folds one event into every touched account whose document has not seen its offset yet; false when none had not. */
  apply(offset: number, keys: AccountKeys, step: (current: TouchedBalances) => TouchedBalances): boolean {
    const user = keys.userId === null ? undefined : this.users.get(keys.userId);
    const token = keys.tokenId === null ? undefined : this.tokens.get(keys.tokenId);
    const channel = keys.channelId === null ? undefined : this.channels.get(keys.channelId);
    const next = step({ user: user?.balance, token: token?.balance, channel: channel?.balance });
    const unseen = (account: Account<unknown> | undefined) => account !== undefined && (account.readAt === undefined || offset > account.readAt);
    let applied = false;
    if (next.user && user && unseen(user)) {
      user.balance = next.user;
      user.lastOffset = offset;
      applied = true;
    }
    if (next.token && token && unseen(token)) {
      token.balance = next.token;
      token.lastOffset = offset;
      applied = true;
    }
    if (next.channel && channel && unseen(channel)) {
      const added = next.channel.usedQuota - channel.balance.usedQuota;
      this.channelAdded.set(next.channel.channelId, (this.channelAdded.get(next.channel.channelId) ?? 0) + added);
      channel.balance = next.channel;
      channel.lastOffset = offset;
      applied = true;
    }
    return applied;
  }

  /** Writes what the batch changed; fails (and the batch is retried) if a user or token moved underneath. */
  async write(): Promise<{ users: UserBalance[]; tokens: TokenBalance[]; channels: ChannelBalance[] }> {
    await this.rewrite(Collections.users, this.users, ({ userId: _id, ...fields }) => fields);
    await this.rewrite(Collections.tokens, this.tokens, ({ userId, remainQuota, usedQuota, unlimited }) => ({ userId, remainQuota, usedQuota, unlimited }));
    await this.addToChannels();
    const changed = <T>(accounts: Map<number, Account<T>>) => [...accounts.entries()].filter(([, a]) => a.lastOffset !== null);
    const channelIds = changed(this.channels).map(([id]) => id);
    const channelDocs = channelIds.length ? await this.collection<ChannelDocument>(Collections.channels).find({ _id: { $in: channelIds } }).toArray() : [];
    return { users: changed(this.users).map(([, a]) => a.balance), tokens: changed(this.tokens).map(([, a]) => a.balance), channels: channelDocs.map(channelFrom) };
  }

  /**
   * One `$inc` per channel for the whole batch, guarded by the offset its document was read at:
   * a replay finds the offset moved and adds nothing. One update per channel, not one per event,
   * also keeps FerretDB's PostgreSQL backend from leaking a connection per conditional update.
   */
  private async addToChannels(): Promise<void> {
    const ops = [...this.channels.entries()]
      .filter(([, account]) => account.lastOffset !== null)
      .map(([id, account]) => ({
        updateOne: {
          filter: { _id: id, ...unchangedSince(this.field, account.readAt) },
          update: { $inc: { usedQuota: this.channelAdded.get(id) ?? 0 }, $set: { [this.field]: account.lastOffset } },
        },
      }));
    if (ops.length === 0) return;
    const result = await this.collection<ChannelDocument>(Collections.channels).bulkWrite(ops as never, { ordered: true });
    if (result.matchedCount !== ops.length) throw new Error(`channels: partition ${this.partition} was applied twice at once; the batch will be retried`);
  }

  private async ensure<T extends { _id: number }>(name: string, idsWanted: number[], zero: mongo.Document): Promise<T[]> {
    if (idsWanted.length === 0) return [];
    const collection = this.collection<T>(name);
    const ops = idsWanted.map((id) => ({ updateOne: { filter: { _id: id }, update: { $setOnInsert: zero }, upsert: true } }));
    await collection.bulkWrite(ops as never, { ordered: false }).catch(ignoreDuplicates);
    return (await collection.find({ _id: { $in: idsWanted } } as never).toArray()) as T[];
  }

  private async rewrite<T>(name: string, accounts: Map<number, Account<T>>, fields: (balance: T) => mongo.Document): Promise<void> {
    const changed = [...accounts.entries()].filter(([, account]) => account.lastOffset !== null);
    if (changed.length === 0) return;
    const ops = changed.map(([id, account]) => ({
      updateOne: { filter: { _id: id, ...unchangedSince(this.field, account.readAt) }, update: { $set: { ...fields(account.balance), [this.field]: account.lastOffset } } },
    }));
    const result = await this.collection(name).bulkWrite(ops as never, { ordered: true });
    if (result.matchedCount !== changed.length) throw new Error(`${name}: ${changed.length - result.matchedCount} balance documents changed while partition ${this.partition} was applied; the batch will be retried`);
  }
}
