import mongoose from 'mongoose';
import { describe, expect, it, onTestFinished } from 'vitest';
import { recomputeBalances } from '../../audit/balance-fold.js';
import { runBalanceStoreContract } from '../../ports/balance-store.contract.js';
import { freshMongoUri, requiredEngine } from '../../testing/cluster-engines.js';
import { quotaGranted, stored, tokenQuotaSet, usageRecorded } from '../../testing/event-builders.js';
import { Collections } from './balance-documents.js';
import { createMongoBalanceStore } from './mongo-balance-store.js';

/** The BalanceStore contract against a real MongoDB-wire server, a fresh database per test. */
const MONGODB_URI = requiredEngine('MONGODB_URI');
const freshUri = () => freshMongoUri(MONGODB_URI, 'ledger');

runBalanceStoreContract('MongoBalanceStore', ({ now }) => createMongoBalanceStore({ uri: freshUri(), now }));

describe('MongoBalanceStore after a crash', () => {
  it('applies each event once when a batch was written but its checkpoint was not', async () => {
    const uri = freshUri();
    const store = await createMongoBalanceStore({ uri });
    const raw = await mongoose.createConnection(uri).asPromise();
    onTestFinished(async () => {
      await store.close();
      await raw.close();
    });
    const events = stored([
      quotaGranted({ userId: 1, amount: 1000 }),
      tokenQuotaSet({ userId: 1, tokenId: 10, remainQuota: 500 }),
      usageRecorded({ userId: 1, tokenId: 10, channelId: 100, quota: 30 }),
      usageRecorded({ userId: 2, tokenId: 20, channelId: 100, quota: 40 }),
      usageRecorded({ userId: 1, tokenId: 10, channelId: 100, quota: 20 }),
    ]);
    await store.apply(events.slice(0, 4));
    // The crash: the documents were written, the checkpoint was not.
    await raw.collection(Collections.checkpoints).deleteMany({});
    await store.apply(events);
    const expected = recomputeBalances(events);
    expect({ users: await store.users([1, 2]), tokens: await store.tokens([10, 20]), channels: await store.channels([100]) }).toEqual({
      users: expected.users.filter((u) => [1, 2].includes(u.userId)),
      tokens: expected.tokens.filter((t) => [10, 20].includes(t.tokenId)),
      channels: expected.channels,
    });
    expect(await store.checkpoint(0)).toBe(4);
  });
});

describe('MongoBalanceStore markers written before they carried a time', () => {
  it('are still found, and timed by the first sweep, then forgotten a full window after it', async () => {
    const DAY_MS = 86_400_000;
    const uri = freshUri();
    let now = Date.parse('2026-01-01T00:00:00Z');
    const store = await createMongoBalanceStore({ uri, now: () => now });
    const raw = await mongoose.createConnection(uri).asPromise();
    onTestFinished(async () => {
      await store.close();
      await raw.close();
    });
    const usage = usageRecorded({ quota: 30 });
    await raw.collection(Collections.appliedEvents).insertOne({ _id: usage.metadata.eventId as never, partition: 0, offset: 0 });
    expect((await store.apply(stored([usage], 5))).appliedEvents).toEqual([]);
    now += 6 * DAY_MS;
    expect(await store.forgetAppliedEvents(7 * DAY_MS, 10)).toBe(0);
    now += 6 * DAY_MS;
    expect(await store.forgetAppliedEvents(7 * DAY_MS, 10)).toBe(0);
    now += 2 * DAY_MS;
    expect(await store.forgetAppliedEvents(7 * DAY_MS, 10)).toBe(1);
    expect(await raw.collection(Collections.appliedEvents).countDocuments({})).toBe(0);
  });
});
