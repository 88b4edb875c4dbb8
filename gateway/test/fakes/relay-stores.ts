import type { LedgerProver } from '../../src/ports/ledger-prover.js';
import type { Channel, ChannelStore, NewChannel } from '../../src/ports/documents/channel-store.js';
import type { OptionStore } from '../../src/ports/documents/option-store.js';
import type { TaskStore } from '../../src/ports/documents/task-store.js';
import type { NewToken, Token, TokenStore } from '../../src/ports/documents/token-store.js';
import type { LinkedAccount, NewUser, User, UserStore } from '../../src/ports/documents/user-store.js';

/**
 * FAKES, for relay route tests: tiny in-memory documents implementing the ports exactly, so the
 * relay runs without SQLite. Lists are newest first, like the real stores.
 */
class MemoryTable<T extends { id: number }> {
  private readonly rows = new Map<number, T>();
  private nextId = 1;

  insert(make: (id: number) => T): T {
    const row = make(this.nextId++);
    this.rows.set(row.id, row);
    return { ...row };
  }

  restore(row: T): boolean {
    if (this.rows.has(row.id)) return false;
    this.rows.set(row.id, { ...row });
    this.nextId = Math.max(this.nextId, row.id + 1);
    return true;
  }

  get(id: number): T | null {
    const row = this.rows.get(id);
    return row ? { ...row } : null;
  }

  find(match: (row: T) => boolean): T | null {
    const row = [...this.rows.values()].find(match);
    return row ? { ...row } : null;
  }

  patch(id: number, patch: Partial<T>): T | null {
    const row = this.rows.get(id);
    if (!row) return null;
    this.rows.set(id, { ...row, ...patch });
    return this.get(id);
  }

  remove(id: number): boolean {
    return this.rows.delete(id);
  }

  newestFirst(match: (row: T) => boolean = () => true): T[] {
    return [...this.rows.values()].filter(match).reverse().map((row) => ({ ...row }));
  }
}

const page = <T>(rows: T[], offset: number, limit: number) => ({ items: rows.slice(offset, offset + limit), total: rows.length });

export class InMemoryUserStore implements UserStore {
  private readonly table = new MemoryTable<User>();

  async create(user: NewUser): Promise<User> {
    return this.table.insert((id) => ({ ...user, id, affCount: 0, affQuota: 0, affHistoryQuota: 0, setting: '', remark: '', createdAt: Math.floor(Date.now() / 1000), deletedAt: null }));
  }
  restore = async (row: User) => this.table.restore(row);
  byId = async (id: number) => this.table.get(id);
  byEmail = async (email: string) => (email ? this.table.find((u) => u.email === email) : null);
  byLinkedAccount = async (field: LinkedAccount, id: string) => (id ? this.table.find((u) => u[field] === id) : null);
  byUsername = async (username: string) => this.table.find((u) => u.username === username);
  byAccessToken = async (token: string) => (token ? this.table.find((u) => u.accessToken === token) : null);
  byAffCode = async (affCode: string) => this.table.find((u) => u.affCode === affCode);
  update = async (id: number, patch: Partial<Omit<User, 'id'>>) => this.table.patch(id, patch);
  async list(query: { offset: number; limit: number; keyword?: string; group?: string }) {
    const rows = this.table.newestFirst((u) => (!query.group || u.group === query.group) && (!query.keyword || u.username.includes(query.keyword)));
    return page(rows, query.offset, query.limit);
  }
  count = async () => this.table.newestFirst().length;
}

export class InMemoryTokenStore implements TokenStore {
  private readonly table = new MemoryTable<Token>();

  async create(token: NewToken): Promise<Token> {
    return this.table.insert((id) => ({ ...token, id }));
  }
  restore = async (row: Token) => this.table.restore(row);
  byId = async (id: number) => this.table.get(id);
  byKey = async (key: string) => this.table.find((t) => t.key === key);
  update = async (id: number, patch: Partial<Omit<Token, 'id' | 'userId' | 'key'>>) => this.table.patch(id, patch);
  delete = async (id: number) => this.table.remove(id);
  async listByUser(userId: number, query: { offset: number; limit: number; keyword?: string; key?: string }) {
    const rows = this.table.newestFirst((t) => t.userId === userId && (!query.keyword || t.name.includes(query.keyword)) && (!query.key || t.key.includes(query.key)));
    return page(rows, query.offset, query.limit);
  }
}

export class InMemoryChannelStore implements ChannelStore {
  private readonly table = new MemoryTable<Channel>();

  async create(channel: NewChannel): Promise<Channel> {
    return this.table.insert((id) => ({ ...channel, id }));
  }
  restore = async (row: Channel) => this.table.restore(row);
  byId = async (id: number) => this.table.get(id);
  update = async (id: number, patch: Partial<Omit<Channel, 'id'>>) => this.table.patch(id, patch);
  delete = async (id: number) => this.table.remove(id);
  all = async () => this.table.newestFirst().reverse();
}

export class InMemoryOptionStore implements OptionStore {
  private readonly values: Record<string, string> = {};
  all = async () => ({ ...this.values });
  set = async (key: string, value: string) => {
    this.values[key] = value;
  };
}

/** A store the code under test never touches (the relay, a harness's spare context): any call is a bug, and throws naming it. */
export function unusedStore<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      return () => {
        throw new Error(`${name}.${String(property)} called by the relay`);
      };
    },
  });
}

export const unusedTaskStore = unusedStore<TaskStore>('TaskStore');
export const unusedLedgerProver = unusedStore<LedgerProver>('LedgerProver');
