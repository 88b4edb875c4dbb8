import type { ChangeNotices } from '../ports/change-notices.js';
import type { Token, TokenStore } from '../ports/token-store.js';
import type { User, UserStore } from '../ports/user-store.js';

/**
 * Tokens by key and users by id, held in the process so admission reads no store in steady
 * state; a change notice for a token or user drops its entry.
 */
export class DocumentCache {
  private readonly tokensByKey = new Map<string, Token>();
  private readonly users = new Map<number, User>();

  constructor(
    private readonly tokenStore: TokenStore,
    private readonly userStore: UserStore,
  ) {}

  async tokenByKey(key: string): Promise<Token | null> {
    const cached = this.tokensByKey.get(key);
    if (cached) return cached;
    const token = await this.tokenStore.byKey(key);
    if (token) this.tokensByKey.set(key, token);
    return token;
  }

  async user(id: number): Promise<User | null> {
    const cached = this.users.get(id);
    if (cached) return cached;
    const user = await this.userStore.byId(id);
    if (user) this.users.set(id, user);
    return user;
  }

  /** Follows console edits; returns the unsubscribe function. */
  follow(notices: ChangeNotices): () => void {
    return notices.subscribe((kind, id) => {
      if (kind === 'tokens') this.dropToken(id);
      if (kind !== 'users') return;
      if (id === undefined) this.users.clear();
      else this.users.delete(id);
    });
  }

  private dropToken(id: number | undefined): void {
    if (id === undefined) return this.tokensByKey.clear();
    for (const [key, token] of this.tokensByKey) if (token.id === id) this.tokensByKey.delete(key);
  }
}
