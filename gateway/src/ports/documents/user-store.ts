// Wire's: the console compares against the same codes.
export { Role, UserStatus } from '@tollgate/wire';

/** A user's document. Balances (quota, used quota, request count) live in the ledger. */
export interface User {
  id: number;
  username: string;
  /** Password hash (argon2id; scrypt from earlier builds until the next sign-in), never sent to a client; empty for accounts opened through another service. */
  passwordHash: string;
  displayName: string;
  role: number;
  status: number;
  email: string;
  group: string;
  affCode: string;
  inviterId: number;
  /**
   * The invite account as documents kept it before the ledger did (invitees, rewards not yet
   * moved into quota, all rewards): read once, by the migration into the ledger
   * (invites/migrate-invite-quota.ts); the ledger's user balance holds the live values.
   */
  affCount: number;
  affQuota: number;
  affHistoryQuota: number;
  /** Management access token (GET /api/user/token); empty until generated. */
  accessToken: string;
  githubId: string;
  wechatId: string;
  telegramId: string;
  linuxDoId: string;
  /** The OIDC provider's subject (`sub`) bound to this account. */
  oidcId: string;
  /** new-api's user setting as JSON text (notify type, warning threshold, webhook, ...); empty until saved. */
  setting: string;
  /** An administrator's note on the user (new-api's remark, up to 255 characters); empty when none. */
  remark: string;
  createdAt: number;
  deletedAt: number | null;
}

/** The fields that hold an account linked from another service (OAuth, WeChat, Telegram). */
export type LinkedAccount = 'githubId' | 'wechatId' | 'telegramId' | 'linuxDoId' | 'oidcId';

/** A user to create; invite counters start at zero. */
export type NewUser = Omit<User, 'id' | 'createdAt' | 'deletedAt' | 'affCount' | 'affQuota' | 'affHistoryQuota' | 'setting' | 'remark'>;

export interface UserPage {
  items: User[];
  total: number;
}

export interface UserStore {
  create(user: NewUser): Promise<User>;
  byId(id: number): Promise<User | null>;
  byUsername(username: string): Promise<User | null>;
  byAccessToken(token: string): Promise<User | null>;
  /** The user whose invite code this is (registration with `aff_code`). */
  byAffCode(affCode: string): Promise<User | null>;
  /** The first user with this email address (password reset, "email taken"); never for an empty one. */
  byEmail(email: string): Promise<User | null>;
  /** The user a linked account (GitHub login, WeChat id, ...) is bound to, deleted or not; never for an empty id. */
  byLinkedAccount(field: LinkedAccount, id: string): Promise<User | null>;
  /** Applies only the given fields; returns the updated user, or null when absent. */
  update(id: number, patch: Partial<Omit<User, 'id'>>): Promise<User | null>;
  /** Newest first; `keyword` matches id, username, display name or email; `group` exact. */
  list(query: { offset: number; limit: number; keyword?: string; group?: string }): Promise<UserPage>;
  count(): Promise<number>;
  /** Inserts a user under its own id (an import from new-api) unless that id is taken; false when it was. */
  restore(user: User): Promise<boolean>;
}
