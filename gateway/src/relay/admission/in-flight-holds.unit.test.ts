import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInProcessHoldStore } from '../../adapters/in-process/hold-store.js';
import { InFlightHolds } from './in-flight-holds.js';

const TTL_MS = 900;
const HOLD = { holdId: 'call', userId: 1, tokenId: 1, amount: 70 };

/** The store reads Date.now, which the fake timers move with the sweep's interval: the test runs on exact time. */
async function storeWithHold() {
  const store = createInProcessHoldStore();
  await store.seed([{ userId: 1, quota: 100, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], [{ tokenId: 1, userId: 1, remainQuota: 0, usedQuota: 0, unlimited: true }]);
  await store.acquire({ holdId: HOLD.holdId, userId: 1, tokenId: 1, least: 70, most: 70, ttlMs: TTL_MS });
  return store;
}

describe('InFlightHolds', () => {
  let inFlight: InFlightHolds | undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    inFlight?.close();
    vi.useRealTimers();
  });

  it('keeps the hold of a call that runs past the TTL, and stops keeping it once the call ended', async () => {
    const store = await storeWithHold();
    const errors: unknown[] = [];
    inFlight = new InFlightHolds(store, TTL_MS, (error) => errors.push(error));
    let release = () => {};
    const call = inFlight.during(HOLD, () => new Promise<void>((resolve) => (release = resolve)));
    await vi.advanceTimersByTimeAsync(TTL_MS * 4);
    const whileRunning = await store.available(1);
    release();
    await call;
    await vi.advanceTimersByTimeAsync(TTL_MS + 1);
    expect({ whileRunning, after: await store.available(1), errors }).toEqual({ whileRunning: 30, after: 100, errors: [] });
  });

  it('stops keeping the hold of a call that failed', async () => {
    const store = await storeWithHold();
    inFlight = new InFlightHolds(store, TTL_MS, () => undefined);
    await expect(inFlight.during(HOLD, () => Promise.reject(new Error('upstream gone')))).rejects.toThrow('upstream gone');
    await vi.advanceTimersByTimeAsync(TTL_MS + 1);
    expect(await store.available(1)).toBe(100);
  });
});
