import type { mongo } from 'mongoose';
import { accountKeysOf, emptyChannel, emptyToken, emptyUser } from '../../decider/accounts.js';
import { assignsTokenQuota, channelChanges, type FieldChanges, tokenChanges, userChanges } from '../../decider/commuting-changes.js';
import { evolve } from '../../decider/evolve.js';
import type { ChannelBalance, TokenBalance, UserBalance } from '../../ports/balance-store.js';
import type { StoredEvent } from '../../ports/event-log.js';
import type { DocumentLocks } from './document-locks.js';
import { duplicateIndexes } from './duplicate-keys.js';
import type { LatestBalances } from './latest-balances.js';
import { announced, type AppliedOffsets, type ChannelDocument, Collections, channelFrom, type TokenDocument, tokenFrom, type UserDocument, userFrom } from './balance-documents.js';

/** An account as read, what the batch made of it, and this partition's offset on its document when read (none: the write may create it). */
interface Account<T> {
  before: T;
  balance: T;
  readAt: number | undefined;
  lastOffset: number | null;
  /** Tokens: whether an event of the batch assigned the remaining quota. */
  assigned: boolean;
}

type Documents = UserDocument | TokenDocument | ChannelDocument;

/** Users and tokens count their writes (`version`): hot state keeps the announcement of the highest. */
const COUNTS_WRITES = true;

/** The document still carries this partition's offset as read: no other worker of this partition wrote it since. */
const unchangedSince = (field: string, readAt: number | undefined) => (readAt === undefined ? { [field]: { $exists: false } } : { [field]: readAt });

/**
 * One partition's events applied to the balance documents they touch: read, fold, write deltas.
 * Each write is one `updateOne` per document, `$inc` for sums (`commuting-changes.ts`), guarded by
 * this partition's last offset on the document (`applied.<partition>`). Another partition writing
 * the same document (a user whose events moved when partitions were added, a shared channel) adds
 * its own deltas and moves only its own offset: the two commute. The only conflict is this very
 * partition written twice at once (a worker that lost the partition but has not noticed yet): the
 * guard refuses the second, and its batch is retried from the documents as they are then.
 */
export class PartitionBatch {
  private readonly users = new Map<number, Account<UserBalance>>();
  private readonly tokens = new Map<number, Account<TokenBalance>>();
  private readonly channels = new Map<number, Account<ChannelBalance>>();
  private readonly field: string;

  constructor(
    private readonly partition: number,
    private readonly collection: <T extends mongo.Document>(name: string) => mongo.Collection<T>,
    private readonly locks: DocumentLocks,
    private readonly latest: LatestBalances,
  ) {
    this.field = `applied.${partition}`;
  }

  /** Reads every touched document, one query per kind; a missing one reads as zero balances. */
  async load(events: StoredEvent[]): Promise<void> {
    const keys = events.map((stored) => accountKeysOf(stored.event));
    const wanted = (pick: (k: (typeof keys)[number]) => number | null) => [...new Set(keys.map(pick).filter((id): id is number => id !== null))];
    await Promise.all([
      this.read<UserDocument, UserBalance>(Collections.users, wanted((k) => k.userId), this.users, userFrom, emptyUser),
      this.read<TokenDocument, TokenBalance>(Collections.tokens, wanted((k) => k.tokenId), this.tokens, tokenFrom, emptyToken),
      this.read<ChannelDocument, ChannelBalance>(Collections.channels, wanted((k) => k.channelId), this.channels, channelFrom, emptyChannel),
    ]);
  }

  /** Folds one event into every touched account whose document has not seen its offset yet; false when none had not. */
  apply({ offset, event }: StoredEvent): boolean {
    const keys = accountKeysOf(event);
    const user = keys.userId === null ? undefined : this.users.get(keys.userId);
    const token = keys.tokenId === null ? undefined : this.tokens.get(keys.tokenId);
    const channel = keys.channelId === null ? undefined : this.channels.get(keys.channelId);
    const next = evolve({ user: user?.balance, token: token?.balance, channel: channel?.balance }, event);
    const unseen = (account: Account<unknown> | undefined) => account !== undefined && (account.readAt === undefined || offset > account.readAt);
    let applied = false;
    const take = <T>(account: Account<T> | undefined, balance: T | undefined) => {
      if (!account || !balance || !unseen(account)) return false;
      account.balance = balance;
      account.lastOffset = offset;
      return (applied = true);
    };
    take(user, next.user);
    if (take(token, next.token) && assignsTokenQuota(event)) (token as Account<TokenBalance>).assigned = true;
    take(channel, next.channel);
    return applied;
  }

  /**
   * Writes what the batch changed, the three kinds at once, each followed by a read of the written
   * documents under their locks (another partition may have added to them since this batch read
   * them); fails (and the batch is retried) if a document's offset for this partition moved underneath.
   */
  async write(): Promise<{ users: UserBalance[]; tokens: TokenBalance[]; channels: ChannelBalance[] }> {
    const [users, tokens, channels] = await Promise.all([
      this.update<UserDocument, UserBalance>(Collections.users, this.users, (a) => userChanges(a.before, a.balance), (doc) => announced(userFrom(doc), doc), COUNTS_WRITES),
      this.update<TokenDocument, TokenBalance>(Collections.tokens, this.tokens, (a) => tokenChanges(a.before, a.balance, a.assigned), (doc) => announced(tokenFrom(doc), doc), COUNTS_WRITES),
      this.update<ChannelDocument, ChannelBalance>(Collections.channels, this.channels, (a) => channelChanges(a.before, a.balance), channelFrom),
    ]);
    return { users, tokens, channels };
  }

  private async read<D extends Documents, T>(name: string, ids: number[], into: Map<number, Account<T>>, from: (doc: D) => T, empty: (id: number) => T): Promise<void> {
    if (ids.length === 0) return;
    const docs = (await this.collection<D>(name).find({ _id: { $in: ids } } as never).toArray()) as D[];
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    for (const id of ids) {
      const doc = byId.get(id);
      const balance = doc ? from(doc) : empty(id);
      const readAt = (doc?.applied as AppliedOffsets | undefined)?.[String(this.partition)];
      into.set(id, { before: balance, balance, readAt, lastOffset: null, assigned: false });
    }
  }

  /**
   * One guarded `updateOne` per changed document. A document missing when read is created by its
   * update (upsert, the filter's `$exists: false` matching one another partition created since);
   * fields no change writes get their zero on insert, so a created document is complete.
   */
  private async update<D extends Documents, T>(name: string, accounts: Map<number, Account<T>>, changesOf: (account: Account<T>) => FieldChanges, from: (doc: D) => T, countsWrites = false): Promise<T[]> {
    const ops = [...accounts.entries()]
      .filter(([, account]) => account.lastOffset !== null)
      .map(([id, account]) => {
        const { add, assign } = changesOf(account);
        const onInsert = name === Collections.tokens ? tokenRegistersOnInsert(assign) : {};
        const update = { $inc: countsWrites ? { ...add, version: 1 } : add, $set: { ...assign, [this.field]: account.lastOffset }, ...(Object.keys(onInsert).length ? { $setOnInsert: onInsert } : {}) };
        return { updateOne: { filter: { _id: id, ...unchangedSince(this.field, account.readAt) }, update, upsert: account.readAt === undefined } };
      });
    if (ops.length === 0) return [];
    const collection = this.collection<D>(name);
    const ids = ops.map(({ updateOne }) => updateOne.filter._id);
    return this.locks.hold(ids.map((id) => `${name}:${id}`), async () => {
      const written = await this.bulkWrite(collection as unknown as mongo.Collection, ops);
      if (written !== ops.length) throw new Error(`${name}: ${ops.length - written} balance documents were written by another worker of partition ${this.partition}; the batch will be retried`);
      const docs = (await collection.find({ _id: { $in: ids } } as never).toArray()) as D[];
      const balances = docs.map(from);
      docs.forEach((doc, index) => this.latest.record(`${name}:${doc._id}`, balances[index]));
      return balances;
    });
  }

  /** The number of updates that found (or created) their document. */
  private bulkWrite(collection: mongo.Collection, ops: { updateOne: { filter: mongo.Document; update: mongo.Document; upsert: boolean } }[]): Promise<number> {
    return collection.bulkWrite(ops as never, { ordered: false }).then(
      (result) => result.matchedCount + result.upsertedCount,
      // Two partitions creating the same document at once: one insert wins, the other's update
      // now finds the document (it has no offset of this partition yet) and adds to it.
      async (error: unknown) => {
        const lost = duplicateIndexes(error).map((index) => ops[index] as (typeof ops)[number]);
        const again = await collection.bulkWrite(lost.map(({ updateOne }) => ({ updateOne: { ...updateOne, upsert: false } })) as never, { ordered: false });
        const { result } = error as { result: { matchedCount: number; upsertedCount: number } };
        return result.matchedCount + result.upsertedCount + again.matchedCount;
      },
    );
  }

}

/** The registers a created token document needs when the batch did not assign them: no owner yet, limited. */
function tokenRegistersOnInsert(assign: FieldChanges['assign']): Partial<Pick<TokenBalance, 'userId' | 'unlimited'>> {
  return { ...(assign.userId === undefined ? { userId: 0 } : {}), ...(assign.unlimited === undefined ? { unlimited: false } : {}) };
}
