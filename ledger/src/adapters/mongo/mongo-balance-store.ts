import mongoose, { type Connection } from 'mongoose';
import { appliedEventOf, emptyChannel, emptyToken, emptyUser } from '../../decider/accounts.js';
import { settledHoldOf } from '../../decider/evolve.js';
import type { AccountIds, BalanceInventory, BalanceStore, BalancesChanged, ChannelBalance, Clock, TokenBalance, UserBalance } from '../../ports/balance-store.js';
import type { StoredEvent } from '../../ports/event-log.js';
import { type CheckpointDocument, type ChannelDocument, Collections, channelFrom, type TokenDocument, tokenFrom, type UserDocument, userFrom } from './balance-documents.js';
import { AppliedEventMarkers } from './applied-event-markers.js';
import { DocumentLocks } from './document-locks.js';
import { LatestBalances } from './latest-balances.js';
import { PartitionBatch } from './partition-batch.js';

export interface MongoBalanceStoreOptions {
  /** `mongodb://host/database`: the balances live in that database's `ledger_*` collections. */
  uri: string;
  /** When a marker says its event was applied; tests pass their own. Default: the system clock. */
  now?: Clock;
}

const ids = <T extends { _id: number }>(docs: T[]) => docs.map((doc) => doc._id);

/**
 * Balances in MongoDB without transactions. Each event's changes are deltas (`$inc`) and, for the
 * few fields that are not sums, values (`commuting-changes.ts`), written per document guarded by
 * the partition's last offset on it (`partition-batch.ts`). Any partitions may thus write the same
 * user, token or channel at once (a user moves partition when partitions are added; a channel is
 * everyone's) and no update is lost; replaying any batch changes nothing. A batch takes five
 * sequential steps of round trips (11 requests): the markers; the three reads at once; the three
 * writes at once; each kind read back; the checkpoint. The checkpoint is read first only when this
 * store did not write it (before: 13 requests, one after another).
 */
export class MongoBalanceStore implements BalanceStore, BalanceInventory {
  private readonly markers: AppliedEventMarkers;
  /**
   * The checkpoint this store last wrote per partition, so a worker that keeps its partitions does
   * not read it back before each batch. It can only lag the stored one (another worker moved it
   * since; or the stored one was lost), and the events it then lets through are found applied by
   * their markers and offset guards.
   */
  private readonly written = new Map<number, number>();
  /**
   * Partitions applied at once by this store never write the same document at the same time:
   * FerretDB 1.24 (the tests' MongoDB-wire server) runs an update as a read, then a write of the
   * whole document, outside any transaction, so two concurrent `$inc` on one document can lose
   * one (measured: the contract's parallel partitions lost a third of their usage). MongoDB's
   * updates are atomic; there the wait only orders writes to a shared channel.
   */
  private readonly locks = new DocumentLocks();
  private readonly latest = new LatestBalances();

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
    const partitions = [...new Set(batch.map((stored) => stored.partition))];
    const parts = await Promise.all(partitions.map((partition) => this.applyPartition(partition, batch.filter((stored) => stored.partition === partition))));
    const changes: BalancesChanged = { users: [], tokens: [], channels: [], settledHolds: [], appliedEvents: [] };
    for (const part of parts) for (const key of Object.keys(changes) as (keyof BalancesChanged)[]) (changes[key] as unknown[]).push(...part[key]);
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
    const written = this.written.get(partition);
    // A batch wholly behind what this store wrote is a replay: the stored checkpoint is read, so a
    // lost one (an operator's reset) is written again.
    const checkpoint = written !== undefined && events.some((stored) => stored.offset > written) ? written : await this.checkpoint(partition);
    const fresh = events.filter((stored) => stored.offset > checkpoint).sort((a, b) => a.offset - b.offset);
    const last = fresh.at(-1);
    if (!last) return { users: [], tokens: [], channels: [], settledHolds: [], appliedEvents: [] };
    const applying = await this.markers.withoutDuplicates(fresh);
    const work = new PartitionBatch(partition, (name) => this.collection(name), this.locks, this.latest);
    await work.load(applying);
    const applied = applying.filter((stored) => work.apply(stored));
    const { users, tokens, channels } = await work.write();
    await this.collection<CheckpointDocument>(Collections.checkpoints).updateOne({ _id: partition }, { $max: { offset: last.offset } }, { upsert: true });
    this.written.set(partition, Math.max(last.offset, this.written.get(partition) ?? -1));
    // Nothing is awaited from here to the announcement: the newest reads are what it carries.
    const newest = <T>(name: string, id: (balance: T) => number) => (balance: T) => this.latest.newest(`${name}:${id(balance)}`, balance);
    return {
      users: users.map(newest(Collections.users, (user) => user.userId)),
      tokens: tokens.map(newest(Collections.tokens, (token) => token.tokenId)),
      channels: channels.map(newest(Collections.channels, (channel) => channel.channelId)),
      settledHolds: applied.map((stored) => settledHoldOf(stored.event)).filter((hold) => hold !== null),
      appliedEvents: applied.map((stored) => appliedEventOf(stored.event)),
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
