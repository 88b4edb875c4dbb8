import { describe, expect, it } from 'vitest';
import { runHoldStoreContract } from '../../ports/hot-state/hold-store.contract.js';
import { runSubscriptionHoldContract } from '../../ports/hot-state/hold-store-pockets.contract.js';
import { createInProcessHoldStore } from './hold-store.js';

runHoldStoreContract('in-process', async () => createInProcessHoldStore());

describe('in-process holds on a clock of their own', () => {
  const USER = 1;
  const TOKEN = 2;
  const request = (holdId: string, amount: number, ttlMs: number) => ({ holdId, userId: USER, tokenId: TOKEN, least: amount, most: amount, ttlMs });
  /** A store of 100 for the user (and the token, unless unlimited) on a clock the test moves. */
  async function storeOnClock(clock: { now: number }, unlimited: boolean) {
    const store = createInProcessHoldStore(() => clock.now);
    await store.seed([{ userId: USER, quota: 100, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], [{ tokenId: TOKEN, userId: USER, remainQuota: 100, usedQuota: 0, unlimited }]);
    return store;
  }
  /** What the user has left, read with the clock moved to `ms`. */
  async function availableAt(clock: { now: number }, store: Awaited<ReturnType<typeof storeOnClock>>, ms: number) {
    clock.now = ms;
    return store.available(USER);
  }

  it('given holds of different lengths: frees each at its own expiry, not before, whichever came first', async () => {
    const clock = { now: 0 };
    const store = await storeOnClock(clock, false);
    await store.acquire(request('long', 30, 1_000));
    clock.now = 10;
    await store.acquire(request('short', 20, 100));
    expect(await availableAt(clock, store, 109)).toBe(50);
    expect(await availableAt(clock, store, 110)).toBe(70);
    expect(await availableAt(clock, store, 999)).toBe(70);
    expect(await availableAt(clock, store, 1_000)).toBe(100);
  });

  it('frees a hold made after a sweep at its expiry, though earlier holds were released by the ledger', async () => {
    const clock = { now: 0 };
    const store = await storeOnClock(clock, true);
    await store.acquire(request('settled', 10, 500));
    await store.release({ holdId: 'settled', userId: 1 });
    clock.now = 600;
    await store.acquire(request('late', 40, 50));
    expect(await availableAt(clock, store, 649)).toBe(60);
    expect(await availableAt(clock, store, 650)).toBe(100);
  });
});

runSubscriptionHoldContract('in-process', async () => createInProcessHoldStore());

describe('in-process windows that start from a durable record (issue #41)', () => {
  const window = { key: 's1:w0:0', limit: 100, endsAt: Date.now() + 3_600_000 };
  const settledBy = (holdId: string) => ({ users: [], tokens: [], channels: [], appliedEvents: [], settledHolds: [{ holdId, userId: 1 }] });

  it('a spooled call taken again at a restart and settled before anything read its window adds to the record, not replaces it', async () => {
    const record = { counted: (key: string) => (key === window.key ? 40 : 0) };
    const store = createInProcessHoldStore(Date.now, record);
    await store.keep([{ holdId: 'spooled', userId: 1, tokenId: 2, amount: 15, windows: [window] }], 60_000);
    await store.applyLedgerChanges(settledBy('spooled'));
    expect(await store.counted(1, [window])).toEqual([40 + 15]);
  });
});
