import { describe, expect, it, onTestFinished } from 'vitest';
import { recomputeBalances } from '../audit/balance-fold.js';
import { affQuotaMigrated, affQuotaTransferred, inviterRewarded, quotaAdjusted, quotaGranted, stored, tokenQuotaSet, usageRecorded } from '../testing/event-builders.js';
import type { BalancesChanged, BalanceStore, Clock } from './balance-store.js';
import type { StoredEvent } from './event-log.js';

/** Opens a fresh, empty store on `now` for one test; the suite closes it when the test ends. */
export type BalanceStoreFactory = (options: { now: Clock }) => Promise<BalanceStore>;

const DAY_MS = 86_400_000;

/** Alice (user 1, token 10 via channel 100) and Bob (user 2, unlimited token 20 via channel 200). */
function mixedSequence(): StoredEvent[] {
  return stored([
    quotaGranted({ userId: 1, amount: 1000 }),
    tokenQuotaSet({ userId: 1, tokenId: 10, remainQuota: 500 }),
    usageRecorded({ userId: 1, tokenId: 10, channelId: 100, quota: 30 }),
    quotaGranted({ userId: 2, username: 'bob', amount: 50, logType: 1 }),
    tokenQuotaSet({ userId: 2, tokenId: 20, remainQuota: 0, unlimited: true }),
    usageRecorded({ userId: 2, tokenId: 20, channelId: 200, quota: 80 }),
    usageRecorded({ userId: 1, tokenId: 10, channelId: 200, quota: 20 }),
    quotaAdjusted({ userId: 1, delta: -100 }),
  ]);
}

/** What a batch announces, the accounts' versions left out (their own case checks them). */
function withoutVersions(changes: BalancesChanged): BalancesChanged {
  const drop = <T extends { version?: number }>({ version: _version, ...balance }: T) => balance;
  return { ...changes, users: changes.users.map(drop), tokens: changes.tokens.map(drop) };
}

const versionsOf = (changes: BalancesChanged) => [...changes.users, ...changes.tokens].map((account) => account.version ?? Number.NaN);

async function balancesOf(store: BalanceStore) {
  return {
    users: await store.users([1, 2]),
    tokens: await store.tokens([10, 20]),
    channels: await store.channels([100, 200]),
  };
}

/** The behaviour every BalanceStore adapter must share (House style #2). */
export function runBalanceStoreContract(name: string, factory: BalanceStoreFactory): void {
  describe(`BalanceStore contract: ${name}`, () => {
    async function openStore(now: Clock = Date.now): Promise<BalanceStore> {
      const store = await factory({ now });
      onTestFinished(() => store.close());
      return store;
    }

    it('reads missing accounts as zero and an untouched partition as checkpoint -1', async () => {
      const store = await openStore();
      expect(await store.users([7])).toEqual([{ userId: 7, quota: 0, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }]);
      expect(await store.tokens([8])).toEqual([{ tokenId: 8, userId: 0, remainQuota: 0, usedQuota: 0, unlimited: false }]);
      expect(await store.channels([9])).toEqual([{ channelId: 9, usedQuota: 0 }]);
      expect(await store.checkpoint(0)).toBe(-1);
    });

    it('holds exact balances after a mixed sequence, overdrawn where usage was admitted', async () => {
      const store = await openStore();
      await store.apply(mixedSequence());
      expect(await balancesOf(store)).toEqual({
        users: [
          { userId: 1, quota: 850, usedQuota: 50, requestCount: 2, affQuota: 0, affHistoryQuota: 0, affCount: 0 },
          { userId: 2, quota: -30, usedQuota: 80, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 },
        ],
        tokens: [
          { tokenId: 10, userId: 1, remainQuota: 450, usedQuota: 50, unlimited: false },
          { tokenId: 20, userId: 2, remainQuota: 0, usedQuota: 80, unlimited: true },
        ],
        channels: [
          { channelId: 100, usedQuota: 30 },
          { channelId: 200, usedQuota: 100 },
        ],
      });
      expect(await store.checkpoint(0)).toBe(7);
    });

    it('returns the new balances of touched accounts, the settled holds and the applied events', async () => {
      const store = await openStore();
      const usage = usageRecorded({ holdId: 'hold-1', quota: 30 });
      const changes = await store.apply(stored([usage]));
      expect(withoutVersions(changes)).toEqual({
        users: [{ userId: 1, quota: -30, usedQuota: 30, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 }],
        tokens: [{ tokenId: 10, userId: 1, remainQuota: -30, usedQuota: 30, unlimited: false }],
        channels: [{ channelId: 100, usedQuota: 30 }],
        settledHolds: [{ holdId: 'hold-1', userId: 1 }],
        appliedEvents: [{ eventId: usage.metadata.eventId, userId: 1 }],
      });
    });

    it('announces each user and token with a version that grows with every batch that writes it', async () => {
      const store = await openStore();
      const first = await store.apply(stored([quotaGranted({ amount: 100 }), tokenQuotaSet({ remainQuota: 50 }), usageRecorded({ quota: 10 })]));
      const second = await store.apply(stored([usageRecorded({ quota: 20 })], 3));
      const [userBefore, tokenBefore] = versionsOf(first);
      const [userAfter, tokenAfter] = versionsOf(second);
      expect(userAfter).toBeGreaterThan(userBefore as number);
      expect(tokenAfter).toBeGreaterThan(tokenBefore as number);
    });

    it('changes nothing when the same batch is applied twice', async () => {
      const store = await openStore();
      const batch = mixedSequence();
      await store.apply(batch);
      const once = await balancesOf(store);
      const replay = await store.apply(batch);
      expect(replay).toEqual({ users: [], tokens: [], channels: [], settledHolds: [], appliedEvents: [] });
      expect(await balancesOf(store)).toEqual(once);
    });

    it('applies each event once across overlapping batches', async () => {
      const store = await openStore();
      const events = mixedSequence();
      await store.apply(events.slice(0, 5));
      await store.apply(events.slice(3));
      expect(await balancesOf(store)).toEqual(recomputeBalances(events));
      expect(await store.checkpoint(0)).toBe(events.length - 1);
    });

    it('applies an event appended twice (same event id, later offset) once, and moves past it', async () => {
      const store = await openStore();
      const usage = usageRecorded({ quota: 30 });
      await store.apply(stored([quotaGranted({ amount: 100 }), usage]));
      const duplicate = await store.apply(stored([usage], 2));
      expect(duplicate.appliedEvents).toEqual([]);
      expect(await store.users([1])).toEqual([{ userId: 1, quota: 70, usedQuota: 30, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 }]);
      expect(await store.checkpoint(0)).toBe(2);
    });

    it('keeps the invite account: rewards, a transfer that settles its hold, a migration applied once', async () => {
      const store = await openStore();
      const migrated = affQuotaMigrated({ affQuota: 700, affHistoryQuota: 900, affCount: 3 });
      await store.apply(stored([quotaGranted({ amount: 100 }), inviterRewarded({ amount: 500 }), migrated]));
      const changes = await store.apply(stored([affQuotaTransferred({ holdId: 'aff-1', amount: 1000 }), migrated], 3));
      expect(changes.settledHolds).toEqual([{ holdId: 'aff-1', userId: 1 }]);
      expect(await store.users([1])).toEqual([{ userId: 1, quota: 1100, usedQuota: 0, requestCount: 0, affQuota: 200, affHistoryQuota: 1400, affCount: 4 }]);
    });

    it('keeps every update when several partitions write the same user, token and channel at once, and replays of them change nothing', async () => {
      const store = await openStore();
      const opening = stored([quotaGranted({ amount: 10_000 }), tokenQuotaSet({ remainQuota: 5_000 })]);
      await store.apply(opening);
      // A user whose later events landed in other partitions (partitions were added), applied by parallel workers.
      const moved = [1, 2, 3].map((partition) =>
        stored([usageRecorded({ quota: 10 * partition }), usageRecorded({ quota: 100 * partition }), quotaAdjusted({ delta: partition })], 0, partition),
      );
      const changes = await Promise.all(moved.map((batch) => store.apply(batch)));
      expect(changes.flatMap((change) => change.appliedEvents)).toHaveLength(9);
      // Announced in whatever order: the highest version is the balance that holds every write.
      const newest = changes.flatMap((change) => change.users).sort((a, b) => (b.version ?? 0) - (a.version ?? 0))[0];
      await Promise.all(moved.map((batch) => store.apply(batch)));
      const expected = recomputeBalances([...opening, ...moved.flat()]);
      expect({ users: await store.users([1]), tokens: await store.tokens([10]), channels: await store.channels([100]) }).toEqual(expected);
      expect(expected).toMatchObject({ users: [{ quota: 10_000 - 660 + 6, usedQuota: 660, requestCount: 6 }], tokens: [{ remainQuota: 5_000 - 660 }], channels: [{ usedQuota: 660 }] });
      expect(newest).toMatchObject({ quota: 10_000 - 660 + 6, usedQuota: 660 });
    });

    it('keeps a checkpoint per partition', async () => {
      const store = await openStore();
      await store.apply(stored([quotaGranted({ amount: 100 })], 5, 0));
      await store.apply(stored([quotaGranted({ amount: 10 })], 0, 1));
      expect(await store.users([1])).toEqual([{ userId: 1, quota: 110, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }]);
      expect([await store.checkpoint(0), await store.checkpoint(1)]).toEqual([5, 0]);
    });

    it('forgets the markers older than the window, at most its limit per sweep, and still applies a recent duplicate once', async () => {
      let now = Date.parse('2026-01-01T00:00:00Z');
      const store = await openStore(() => now);
      const grant = quotaGranted({ amount: 100 });
      const old = [grant, quotaGranted({ amount: 10 }), quotaGranted({ amount: 1 })];
      await store.apply(stored(old));
      now += 5 * DAY_MS;
      const recent = usageRecorded({ quota: 30 });
      await store.apply(stored([recent], 3));
      now += 3 * DAY_MS;
      // Applied 8 days ago, 3 old markers are due under a 7-day window; the recent one (3 days) is not.
      const removed = [await store.forgetAppliedEvents(7 * DAY_MS, 2), await store.forgetAppliedEvents(7 * DAY_MS, 2), await store.forgetAppliedEvents(7 * DAY_MS, 2)];
      expect(removed).toEqual([2, 1, 0]);
      expect((await store.apply(stored([recent], 4))).appliedEvents).toEqual([]);
      expect(await store.users([1])).toEqual([{ userId: 1, quota: 81, usedQuota: 30, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 }]);
      // The accepted cost of forgetting: a copy of an old event appended past the window counts again.
      expect((await store.apply(stored([grant], 5))).appliedEvents).toEqual([{ eventId: grant.metadata.eventId, userId: grant.data.userId }]);
      expect(await store.checkpoint(0)).toBe(5);
    });
  });
}
