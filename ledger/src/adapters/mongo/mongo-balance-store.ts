import mongoose, { type Connection } from 'mongoose';
import { accountKeysOf, emptyChannel, emptyToken, emptyUser } from '../../decider/accounts.js';
import { evolve, settledHoldIdOf } from '../../decider/evolve.js';
import type { AccountIds, BalanceInventory, BalanceStore, BalancesChanged, ChannelBalance, TokenBalance, UserBalance } from '../../ports/balance-store.js';
import type { StoredEvent } from '../../ports/event-log.js';
import { type AppliedEventDocument, type CheckpointDocument, type ChannelDocument, Collections, channelFrom, type TokenDocument, tokenFrom, type UserDocument, userFrom } from './balance-documents.js';
import { PartitionBatch } from './partition-batch.js';

export interface MongoBalanceStoreOptions {
  /** `mongodb://host/database`: the balances live in that database's `ledger_*` collections. */
  uri: string;
}

/** The positions of the inserts refused as duplicate keys; any other failure is thrown. */
function duplicateIndexes(error: unknown): number[] {
  const writeErrors = (error as { writeErrors?: { code?: number; index: number }[] | { code?: number; index: number } }).writeErrors;
  const list = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
  if (list.length === 0 || list.some((e) => e.code !== 11000)) throw error;
  return list.map((e) => e.index);
}

const ids = <T extends { _id: number }>(docs: T[]) => docs.map((doc) => doc._id);

/**
 * Balances in MongoDB without transactions. Users and tokens belong to one partition (events are
 * keyed by user id), so each is rewritten whole, guarded by the offset it was read at; channels
 * are shared by every partition, so each event adds to them with `$inc`, guarded by that
 * partition's last offset on the document. Replaying any batch changes nothing.
 */
export class MongoBalanceStore implements BalanceStore, BalanceInventory {
  constructor(private readonly connection: Connection) {}

  async apply(batch: StoredEvent[]): Promise<BalancesChanged> {
    const changes: BalancesChanged = { users: [], tokens: [], channels: [], settledHoldIds: [], appliedEventIds: [] };
    for (const partition of new Set(batch.map((stored) => stored.partition))) {
      const part = await this.applyPartition(partition, batch.filter((stored) => stored.partition === partition));
      for (const key of Object.keys(changes) as (keyof BalancesChanged)[]) (changes[key] as unknown[]).push(...part[key]);
    }
    return changes;
  }

  async checkpoint(partition: number): Promise<number> {
    const doc = await this.collection<CheckpointDocument>(Collections.checkpoints).findOne({ _id: partition });
    return doc?.offset ?? -1;
  }

  async users(userIds: number[]): Promise<UserBalance[]> {
    const docs = await this.byIds<UserDocument>(Collections.users, userIds);
    return userIds.map((id) => (docs.has(id) ? userFrom(docs.get(id) as UserDocument) : emptyUser(id)));
  }

  async tokens(tokenIds: number[]): Promise<TokenBalance[]> {
    const docs = await this.byIds<TokenDocument>(Collections.tokens, tokenIds);
    return tokenIds.map((id) => (docs.has(id) ? tokenFrom(docs.get(id) as TokenDocument) : emptyToken(id)));
  }

  async channels(channelIds: number[]): Promise<ChannelBalance[]> {
    const docs = await this.byIds<ChannelDocument>(Collections.channels, channelIds);
    return channelIds.map((id) => (docs.has(id) ? channelFrom(docs.get(id) as ChannelDocument) : emptyChannel(id)));
  }

  async accountIds(): Promise<AccountIds> {
    const all = <T extends { _id: number }>(name: string) => this.collection<T>(name).find({}, { projection: { _id: 1 } }).toArray();
    return { userIds: ids(await all(Collections.users)), tokenIds: ids(await all(Collections.tokens)), channelIds: ids(await all(Collections.channels)) };
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private async applyPartition(partition: number, events: StoredEvent[]): Promise<BalancesChanged> {
    const checkpoint = await this.checkpoint(partition);
    const fresh = events.filter((stored) => stored.offset > checkpoint).sort((a, b) => a.offset - b.offset);
    const last = fresh.at(-1);
    if (!last) return { users: [], tokens: [], channels: [], settledHoldIds: [], appliedEventIds: [] };
    const applying = await this.withoutDuplicates(fresh);
    const work = new PartitionBatch(partition, (name) => this.collection(name));
    await work.load(applying.map((stored) => accountKeysOf(stored.event)));
    const applied = applying.filter((stored) => work.apply(stored.offset, accountKeysOf(stored.event), (current) => evolve(current, stored.event)));
    const { users, tokens, channels } = await work.write();
    await this.collection<CheckpointDocument>(Collections.checkpoints).updateOne({ _id: partition }, { $max: { offset: last.offset } }, { upsert: true });
    return {
      users,
      tokens,
      channels,
      settledHoldIds: applied.map((stored) => settledHoldIdOf(stored.event)).filter((id): id is string => id !== null),
      appliedEventIds: applied.map((stored) => stored.event.metadata.eventId),
    };
  }

  /**
   * Records each event id with its position. An id already recorded at another position is a
   * duplicate append (a producer's retry) and is skipped; at the same position it is this batch
   * replayed after a crash, and the documents' offset guards decide what is left to apply.
   */
  private async withoutDuplicates(fresh: StoredEvent[]): Promise<StoredEvent[]> {
    const applied = this.collection<AppliedEventDocument>(Collections.appliedEvents);
    const markers = fresh.map(({ partition, offset, event }) => ({ _id: event.metadata.eventId, partition, offset }));
    const taken = await applied.insertMany(markers, { ordered: false }).then(
      () => [],
      (error: unknown) => duplicateIndexes(error),
    );
    // Only ids already recorded are read back, one by one by _id: duplicates are rare, and a
    // query over the whole marker collection would grow with the log.
    const elsewhere = new Set<number>();
    for (const index of taken) {
      const marker = markers[index] as AppliedEventDocument;
      const recorded = await applied.findOne({ _id: marker._id });
      if (recorded?.partition !== marker.partition || recorded.offset !== marker.offset) elsewhere.add(index);
    }
    return fresh.filter((_, index) => !elsewhere.has(index));
  }

  private async byIds<T extends { _id: number }>(name: string, wanted: number[]): Promise<Map<number, T>> {
    const docs = await this.collection<T>(name).find({ _id: { $in: wanted } } as never).toArray();
    return new Map(docs.map((doc) => [doc._id, doc as T]));
  }

  private collection<T extends mongoose.mongo.Document>(name: string) {
    return this.connection.collection<T>(name);
  }
}

export async function createMongoBalanceStore({ uri }: MongoBalanceStoreOptions): Promise<MongoBalanceStore> {
  const connection = await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  return new MongoBalanceStore(connection);
}
