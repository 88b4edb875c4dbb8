import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessHoldStore } from '../adapters/in-process/hold-store.js';
import { InFlightHolds } from './in-flight-holds.js';

const TTL_MS = 60;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function storeWithHold() {
  const store = createInProcessHoldStore();
  await store.seed([{ userId: 1, quota: 100, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], [{ tokenId: 1, userId: 1, remainQuota: 0, usedQuota: 0, unlimited: true }]);
  await store.acquire({ holdId: 'call', userId: 1, tokenId: 1, least: 70, most: 70, ttlMs: TTL_MS });
  return store;
}

describe('InFlightHolds', () => {
  let inFlight: InFlightHolds | undefined;
  afterEach(() => inFlight?.close());

  it('keeps the hold of a call that runs past the TTL, and stops keeping it once the call ended', async () => {
    const store = await storeWithHold();
    const errors: unknown[] = [];
    inFlight = new InFlightHolds(store, TTL_MS, (error) => errors.push(error));
    await inFlight.during({ holdId: 'call', userId: 1, tokenId: 1, amount: 70 }, async () => {
      await sleep(TTL_MS * 4);
      expect(await store.available(1)).toBe(30);
    });
    await sleep(TTL_MS * 2);
    expect({ available: await store.available(1), errors }).toEqual({ available: 100, errors: [] });
  });

  it('stops keeping the hold of a call that failed', async () => {
    const store = await storeWithHold();
    inFlight = new InFlightHolds(store, TTL_MS, () => undefined);
    const failing = inFlight.during({ holdId: 'call', userId: 1, tokenId: 1, amount: 70 }, async () => Promise.reject(new Error('upstream gone')));
    await expect(failing).rejects.toThrow('upstream gone');
    await sleep(TTL_MS * 2);
    expect(await store.available(1)).toBe(100);
  });
});
