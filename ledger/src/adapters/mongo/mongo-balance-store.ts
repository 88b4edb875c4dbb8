import mongoose, { type Connection } from 'mongoose';
import { accountKeysOf, emptyChannel, emptyToken, emptyUser } from '../../decider/accounts.js';
import { evolve, settledHoldOf } from '../../decider/evolve.js';
import type { AccountIds, BalanceInventory, BalanceStore, BalancesChanged, ChannelBalance, Clock, TokenBalance, UserBalance } from '../../ports/balance-store.js';
import type { StoredEvent } from '../../ports/event-log.js';
import { type CheckpointDocument, type ChannelDocument, Collections, channelFrom, type TokenDocument, tokenFrom, type UserDocument, userFrom } from './balance-documents.js';
import { AppliedEventMarkers } from './applied-event-markers.js';
import { PartitionBatch } from './partition-batch.js';

export interface MongoBalanceStoreOptions {
  /** `mongodb://host/database`: the balances live in that database's `ledger_*` collections. */
  uri: string;
  /** When a marker says its event was applied; tests pass their own. Default: the system clock. */
  now?: Clock;
}

const ids = <T extends { _id: number }>(docs: T[]) => docs.map((doc) => doc._id);

/**
 * Balances in MongoDB without transactions. Users and tokens belong to one partition (events are
 * keyed by user id), so each is rewritten whole, guarded by the offset it was read at; channels
 * are shared by every partition, so each event adds to them with `$inc`, guarded by that
 * partition's last offset on the document. Replaying any batch changes nothing.
 */
export class MongoBalanceStore implements BalanceStore, BalanceInventory {
  private readonly markers: AppliedEventMarkers;

  constructor(
    private readonly connection: Connection,
    now: Clock = Date.now,
  ) {
    this.markers = new AppliedEventMarkers(connection.collection(Collections.appliedEvents), now);
  }

  /** Creates the indexes the store reads by; idempotent. */
  async ensureIndexes(): Promise<void> {
    await this.markers.ensureIndex();
  }

  async apply(batch: StoredEvent[]): Promise<BalancesChanged> {
    const changes: BalancesChanged = { users: [], tokens: [], channels: [], settledHolds: [], appliedEventIds: [] };
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

  async forgetAppliedEvents(windowMs: number, limit: number): Promise<number> {
    return this.markers.forget(windowMs, limit);
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
    if (!last) return { users: [], tokens: [], channels: [], settledHolds: [], appliedEventIds: [] };
    const applying = await this.markers.withoutDuplicates(fresh);
    const work = new PartitionBatch(partition, (name) => this.collection(name));
    await work.load(applying.map((stored) => accountKeysOf(stored.event)));
    const applied = applying.filter((stored) => work.apply(stored.offset, accountKeysOf(stored.event), (current) => evolve(current, stored.event)));
    const { users, tokens, channels } = await work.write();
    await this.collection<CheckpointDocument>(Collections.checkpoints).updateOne({ _id: partition }, { $max: { offset: last.offset } }, { upsert: true });
    return {
      users,
      tokens,
      channels,
      settledHolds: applied.map((stored) => settledHoldOf(stored.event)).filter((hold) => hold !== null),
      appliedEventIds: applied.map((stored) => stored.event.metadata.eventId),
    };
  }

  private async byIds<T extends { _id: number }>(name: string, wanted: number[]): Promise<Map<number, T>> {
    const docs = await this.collection<T>(name).find({ _id: { $in: wanted } } as never).toArray();
    return new Map(docs.map((doc) => [doc._id, doc as T]));
  }

  private collection<T extends mongoose.mongo.Document>(name: string) {
    return this.connection.collection<T>(name);
  }
}

export async function createMongoBalanceStore({ uri, now }: MongoBalanceStoreOptions): Promise<MongoBalanceStore> {
  const connection = await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  const store = new MongoBalanceStore(connection, now);
  await store.ensureIndexes();
  return store;
}
