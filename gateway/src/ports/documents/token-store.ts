// Wire's: the console compares against the same codes.
export { TokenStatus } from '@tollgate/wire';

/** An API key's document. Remaining and used quota live in the ledger. */
export interface Token {
  id: number;
  userId: number;
  /** 48 alphanumerics, stored and compared without the `sk-` prefix. */
  key: string;
  name: string;
  status: number;
  createdTime: number;
  accessedTime: number;
  /** Seconds since the epoch, or -1 for never. */
  expiredTime: number;
  unlimitedQuota: boolean;
  modelLimitsEnabled: boolean;
  /** Model names; empty when not limited. */
  modelLimits: string[];
  /** Client addresses allowed, one per entry; empty allows all. */
  allowIps: string[];
  group: string;
}

export type NewToken = Omit<Token, 'id'>;

export interface TokenStore {
  create(token: NewToken): Promise<Token>;
  byId(id: number): Promise<Token | null>;
  byKey(key: string): Promise<Token | null>;
  update(id: number, patch: Partial<Omit<Token, 'id' | 'userId' | 'key'>>): Promise<Token | null>;
  delete(id: number): Promise<boolean>;
  /** A user's tokens, newest first; `keyword` matches the name, `key` a part of the key. */
  listByUser(userId: number, query: { offset: number; limit: number; keyword?: string; key?: string }): Promise<{ items: Token[]; total: number }>;
  /** Inserts a token under its own id (an import from new-api) unless that id is taken; false when it was. */
  restore(token: Token): Promise<boolean>;
}
