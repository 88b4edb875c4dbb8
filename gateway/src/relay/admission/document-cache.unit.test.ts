import { createInProcessChangeNotices } from '../../adapters/in-process/change-notices.js';
import { describe, expect, it } from 'vitest';
import type { Token, TokenStore } from '../../ports/documents/token-store.js';
import type { UserStore } from '../../ports/documents/user-store.js';
import { DocumentCache } from './document-cache.js';

/** Far from reached in these cases (the gateway's come from its config: DOCUMENT_CACHE_ENTRIES, _TTL_MS). */
const LIMITS = { entries: 1_000, ttlMs: 300_000 };

const keyOf = (id: number) => String(id).padStart(48, 'k');
const tokenOf = (id: number) => ({ id, key: keyOf(id) }) as Token;

/** A store holding tokens 1 to 9, counting its reads; `gate`, when set, holds each read until opened. */
function countingTokenStore() {
  let reads = 0;
  let gate: Promise<void> | null = null;
  const byKey = async (key: string) => {
    reads++;
    if (gate) await gate;
    const id = Number(key.replace(/^k+/, ''));
    return id >= 1 && id <= 9 && key === keyOf(id) ? tokenOf(id) : null;
  };
  return {
    store: { byKey } as unknown as TokenStore,
    reads: () => reads,
    hold: () => {
      let open = () => {};
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

describe('DocumentCache', () => {
  it('reads a key from the store once, then from memory, until a change notice names its token', async () => {
    const { store, reads } = countingTokenStore();
    const cache = new DocumentCache(store, {} as UserStore, LIMITS);
    const notices = createInProcessChangeNotices();
    cache.follow(notices);
    await cache.tokenByKey(keyOf(3));
    await cache.tokenByKey(keyOf(3));
    expect(reads()).toBe(1);
    notices.publish('tokens', 99);
    await cache.tokenByKey(keyOf(3));
    expect(reads()).toBe(1);
    notices.publish('tokens', 3);
    expect(await cache.tokenByKey(keyOf(3))).toEqual(tokenOf(3));
    expect(reads()).toBe(2);
  });

  it('given a flood of one unknown key, when it is asked again and again, then the store is read once', async () => {
    const { store, reads } = countingTokenStore();
    const cache = new DocumentCache(store, {} as UserStore, LIMITS);
    for (let i = 0; i < 100; i++) expect(await cache.tokenByKey('sk-made-up')).toBeNull();
    expect(reads()).toBe(1);
  });

  it('given room for two tokens, when a third is read, then the least recently used one is read from the store again', async () => {
    const { store, reads } = countingTokenStore();
    const cache = new DocumentCache(store, {} as UserStore, { entries: 2, ttlMs: 60_000 });
    await cache.tokenByKey(keyOf(1));
    await cache.tokenByKey(keyOf(2));
    await cache.tokenByKey(keyOf(1)); // 2 is now the least recently used
    await cache.tokenByKey(keyOf(3));
    expect(reads()).toBe(3);
    await cache.tokenByKey(keyOf(1));
    expect(reads()).toBe(3);
    await cache.tokenByKey(keyOf(2));
    expect(reads()).toBe(4);
  });

  it('given a store read in flight, when a notice for that token arrives before it ends, then what it read is not kept', async () => {
    const { store, reads, hold } = countingTokenStore();
    const cache = new DocumentCache(store, {} as UserStore, LIMITS);
    const notices = createInProcessChangeNotices();
    cache.follow(notices);
    const open = hold();
    const reading = cache.tokenByKey(keyOf(4));
    notices.publish('tokens', 4);
    open();
    await reading;
    await cache.tokenByKey(keyOf(4));
    expect(reads()).toBe(2);
  });
});
