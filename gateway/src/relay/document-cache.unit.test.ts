import { createInProcessChangeNotices } from '../adapters/in-process/change-notices.js';
import { describe, expect, it } from 'vitest';
import type { Token, TokenStore } from '../ports/token-store.js';
import type { UserStore } from '../ports/user-store.js';
import { DocumentCache } from './document-cache.js';

function countingTokenStore(token: Token): { store: TokenStore; reads: () => number } {
  let reads = 0;
  const byKey = async (key: string) => {
    reads++;
    return key === token.key ? token : null;
  };
  return { store: { byKey } as unknown as TokenStore, reads: () => reads };
}

describe('DocumentCache', () => {
  const token = { id: 3, key: 'k'.repeat(48) } as Token;

  it('reads a key from the store once, then from memory, until a change notice names its token', async () => {
    const { store, reads } = countingTokenStore(token);
    const cache = new DocumentCache(store, {} as UserStore);
    const notices = createInProcessChangeNotices();
    cache.follow(notices);
    await cache.tokenByKey(token.key);
    await cache.tokenByKey(token.key);
    expect(reads()).toBe(1);
    notices.publish('tokens', 99);
    await cache.tokenByKey(token.key);
    expect(reads()).toBe(1);
    notices.publish('tokens', token.id);
    await cache.tokenByKey(token.key);
    expect(reads()).toBe(2);
  });
});
