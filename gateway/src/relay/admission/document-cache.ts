import { LRUCache } from 'lru-cache';
import type { ChangeNotices } from '../../ports/hot-state/change-notices.js';
import type { Token, TokenStore } from '../../ports/documents/token-store.js';
import type { User, UserStore } from '../../ports/documents/user-store.js';

export interface DocumentCacheLimits {
  /** Tokens, and users, kept at most (each). */
  entries: number;
  /** How long an entry is trusted without a change notice (a lost notice heals within it). */
  ttlMs: number;
}

/**
 * A key no token has, remembered for a few seconds: a flood of made-up keys then costs one store
 * read per key per gateway, not one per call. Short, since a key is only unknown until it is made.
 */
const UNKNOWN_KEY_TTL_MS = 5_000;
const UNKNOWN = Symbol('unknown key');

/**
 * Tokens by key and users by id, held in the process so admission reads no store in steady
 * state; bounded (least recently used out first, each entry for a time). A change notice for a
 * token or user drops its entry, and a read that began before a notice is not kept, so a
 * notice is never undone by a slow store read.
 */
export class DocumentCache {
  private readonly tokensByKey: LRUCache<string, Token | typeof UNKNOWN>;
  /** The cached key of each token id, so a token's notice finds its entry without a scan. */
  private readonly keyOfToken = new Map<number, string>();
  private readonly users: LRUCache<number, User>;
  /** Counts notices: a store read started under an older count is not cached. */
  private changes = 0;

  constructor(
    private readonly tokenStore: TokenStore,
    private readonly userStore: UserStore,
    limits: DocumentCacheLimits,
  ) {
    this.tokensByKey = new LRUCache({
      max: limits.entries,
      ttl: limits.ttlMs,
      dispose: (token, key) => {
        if (token !== UNKNOWN && this.keyOfToken.get(token.id) === key) this.keyOfToken.delete(token.id);
      },
    });
    this.users = new LRUCache({ max: limits.entries, ttl: limits.ttlMs });
  }

  async tokenByKey(key: string): Promise<Token | null> {
    const cached = this.tokensByKey.get(key);
    if (cached !== undefined) return cached === UNKNOWN ? null : cached;
    const changes = this.changes;
    const token = await this.tokenStore.byKey(key);
    if (changes !== this.changes) return token;
    if (!token) {
      this.tokensByKey.set(key, UNKNOWN, { ttl: UNKNOWN_KEY_TTL_MS });
      return null;
    }
    this.tokensByKey.set(key, token);
    this.keyOfToken.set(token.id, key);
    return token;
  }

  async user(id: number): Promise<User | null> {
    const cached = this.users.get(id);
    if (cached) return cached;
    const changes = this.changes;
    const user = await this.userStore.byId(id);
    if (user && changes === this.changes) this.users.set(id, user);
    return user;
  }

  /** Follows console edits; returns the unsubscribe function. */
  follow(notices: ChangeNotices): () => void {
    return notices.subscribe((kind, id) => {
      if (kind !== 'tokens' && kind !== 'users') return;
      this.changes++;
      if (kind === 'tokens') this.dropToken(id);
      else if (id === undefined) this.users.clear();
      else this.users.delete(id);
    });
  }

  private dropToken(id: number | undefined): void {
    if (id === undefined) return this.tokensByKey.clear();
    const key = this.keyOfToken.get(id);
    if (key !== undefined) this.tokensByKey.delete(key);
  }
}
