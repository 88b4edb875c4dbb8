import type { LedgerEvent } from '@tollgate/wire';
import mongoose, { type mongo } from 'mongoose';
import { Collections } from './balance-documents.js';

type Increments = Map<number, Record<string, number>>;

function add(into: Increments, id: number, fields: Record<string, number>): void {
  const sum = into.get(id) ?? {};
  for (const [field, value] of Object.entries(fields)) sum[field] = (sum[field] ?? 0) + value;
  into.set(id, sum);
}

/** What a chunk adds to each account, summed per document: the least a blind writer must send. */
function incrementsOf(events: LedgerEvent[]): { users: Increments; tokens: Increments; channels: Increments } {
  const users: Increments = new Map();
  const tokens: Increments = new Map();
  const channels: Increments = new Map();
  for (const event of events) {
    if (event.type === 'QuotaGranted') add(users, event.data.userId, { quota: event.data.amount });
    if (event.type !== 'UsageRecorded') continue;
    const { userId, tokenId, channelId, quota, subscriptionId } = event.data;
    // A call a subscription paid for takes nothing from the wallet (issue #41), as `evolve` rules.
    add(users, userId, { quota: subscriptionId === undefined ? -quota : 0, usedQuota: quota, requestCount: 1 });
    add(tokens, tokenId, { remainQuota: -quota, usedQuota: quota });
    add(channels, channelId, { usedQuota: quota });
  }
  return { users, tokens, channels };
}

/**
 * One unordered bulk write: a document seen for the first time is inserted with the chunk's sums,
 * one seen before gets them as `$inc`. Not an upsert: FerretDB 1.24 (PostgreSQL backend) keeps one
 * pooled connection for each upsert that matches an existing document, and every command hangs
 * once 50 are kept (infra/local/mongo/README.md).
 */
async function incrementAll(collection: mongo.Collection, increments: Increments, created: Set<number>): Promise<void> {
  if (increments.size === 0) return;
  const ops = [...increments].map(([id, inc]) => {
    if (created.has(id)) return { updateOne: { filter: { _id: id }, update: { $inc: inc } } };
    created.add(id);
    return { insertOne: { document: { _id: id, ...inc } } };
  });
  await collection.bulkWrite(ops as never, { ordered: false });
}

/** The documents the raw side has written so far, per balance collection. */
export interface RawWriter {
  users: Set<number>;
  tokens: Set<number>;
  channels: Set<number>;
}

const newRawWriter = (): RawWriter => ({ users: new Set(), tokens: new Set(), channels: new Set() });

/**
 * For the bench only (bench/src/components/ledger-bench.ts), never the ledger: the raw side of its measurement: the same documents the ledger ends with, written
 * blind, in as few round trips as the wire allows: the chunk's applied-event markers in one
 * insertMany, then one unordered bulk `$inc` per balance collection (users, tokens, channels), with
 * no read, no guard and no checkpoint (a document's first write inserts it). Four round trips a chunk, one after another; the ledger makes 11, in five steps (mongo-balance-store.ts).
 */
async function writeChunkRaw(db: mongo.Db, writer: RawWriter, events: LedgerEvent[], firstOffset: number): Promise<void> {
  const appliedAt = new Date();
  const markers = events.map((event, i) => ({ _id: event.metadata.eventId, partition: 0, offset: firstOffset + i, appliedAt }));
  await db.collection(Collections.appliedEvents).insertMany(markers as never, { ordered: false });
  const { users, tokens, channels } = incrementsOf(events);
  await incrementAll(db.collection(Collections.users), users, writer.users);
  await incrementAll(db.collection(Collections.tokens), tokens, writer.tokens);
  await incrementAll(db.collection(Collections.channels), channels, writer.channels);
}

async function withDatabase<T>(uri: string, use: (db: mongo.Db) => Promise<T>): Promise<T> {
  const connection = await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  try {
    if (!connection.db) throw new Error(`no database at ${uri}`);
    return await use(connection.db);
  } finally {
    await connection.close();
  }
}

/** Drops the database at `uri` (a bench's own), so runs leave nothing behind. */
export async function dropDatabase(uri: string): Promise<void> {
  await withDatabase(uri, (db) => db.dropDatabase());
}

/** Writes `events` raw into the database at `uri` in chunks of `chunk`, calling `chunkWritten` after each. */
export async function writeAllRaw(uri: string, events: LedgerEvent[], chunk: number, chunkWritten: (events: number) => void): Promise<void> {
  const writer = newRawWriter();
  await withDatabase(uri, async (db) => {
    for (let start = 0; start < events.length; start += chunk) {
      const part = events.slice(start, start + chunk);
      await writeChunkRaw(db, writer, part, start);
      chunkWritten(part.length);
    }
  });
}
