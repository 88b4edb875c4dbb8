import type { Database } from 'better-sqlite3';
import type { NewUser, User, UserPage, UserStore } from '../../../ports/documents/user-store.js';
import { type ColumnMap, likePattern, type Row, StatementCache, toRow } from './columns.js';

const userColumns: ColumnMap<Omit<User, 'id'>> = {
  table: 'users',
  columns: {
    username: 'username',
    passwordHash: 'password_hash',
    displayName: 'display_name',
    role: 'role',
    status: 'status',
    email: 'email',
    group: 'user_group',
    affCode: 'aff_code',
    inviterId: 'inviter_id',
    affCount: 'aff_count',
    affQuota: 'aff_quota',
    affHistoryQuota: 'aff_history_quota',
    accessToken: 'access_token',
    githubId: 'github_id',
    wechatId: 'wechat_id',
    telegramId: 'telegram_id',
    linuxDoId: 'linux_do_id',
    oidcId: 'oidc_id',
    setting: 'setting',
    remark: 'remark',
    createdAt: 'created_at',
    deletedAt: 'deleted_at',
  },
};

interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  user_group: string;
  aff_code: string;
  inviter_id: number;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  access_token: string;
  github_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  oidc_id: string;
  setting: string;
  remark: string;
  created_at: number;
  deleted_at: number | null;
}

function fromRow(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password_hash,
    displayName: row.display_name,
    role: row.role,
    status: row.status,
    email: row.email,
    group: row.user_group,
    affCode: row.aff_code,
    inviterId: row.inviter_id,
    affCount: row.aff_count,
    affQuota: row.aff_quota,
    affHistoryQuota: row.aff_history_quota,
    accessToken: row.access_token,
    githubId: row.github_id,
    wechatId: row.wechat_id,
    telegramId: row.telegram_id,
    linuxDoId: row.linux_do_id,
    oidcId: row.oidc_id,
    setting: row.setting,
    remark: row.remark,
    createdAt: row.created_at,
    deletedAt: row.deleted_at,
  };
}

/** The WHERE clause of the admin search: id exactly, or username, display name or email containing the keyword. */
function searchClause(query: { keyword?: string; group?: string }): { sql: string; params: Row } {
  const conditions: string[] = [];
  const params: Row = {};
  if (query.keyword) {
    params.pattern = likePattern(query.keyword);
    const text = "username LIKE @pattern ESCAPE '\\' OR display_name LIKE @pattern ESCAPE '\\' OR email LIKE @pattern ESCAPE '\\'";
    const asId = /^\d+$/.test(query.keyword) ? ' OR id = @id' : '';
    if (asId) params.id = Number(query.keyword);
    conditions.push(`(${text}${asId})`);
  }
  if (query.group) {
    params.group = query.group;
    conditions.push('user_group = @group');
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** Users in SQLite. Deleted users keep their row (deleted_at set) so their name stays taken. */
export function createSqliteUserStore(db: Database): UserStore {
  const cache = new StatementCache(db);
  const byColumn = (column: string, value: string | number): User | null => {
    const row = cache.prepare(`SELECT * FROM users WHERE ${column} = ? ORDER BY id LIMIT 1`).get(value) as UserRow | undefined;
    return row ? fromRow(row) : null;
  };
  return {
    async restore({ id, ...user }) {
      return cache.insertUnlessIdTaken('users', { id, ...toRow(userColumns, user) });
    },
    async create(user: NewUser) {
      const fresh = { ...user, affCount: 0, affQuota: 0, affHistoryQuota: 0, setting: '', remark: '', createdAt: Math.floor(Date.now() / 1000), deletedAt: null };
      const id = cache.insert('users', toRow(userColumns, fresh));
      return byColumn('id', id) as User;
    },
    async byId(id) {
      return byColumn('id', id);
    },
    async byUsername(username) {
      return byColumn('username', username);
    },
    async byAccessToken(token) {
      return token ? byColumn('access_token', token) : null;
    },
    async byAffCode(affCode) {
      return affCode ? byColumn('aff_code', affCode) : null;
    },
    async byEmail(email) {
      return email ? byColumn('email', email) : null;
    },
    async byLinkedAccount(field, id) {
      return id ? byColumn(userColumns.columns[field], id) : null;
    },
    async update(id, patch) {
      return cache.update('users', id, toRow(userColumns, patch)) ? byColumn('id', id) : null;
    },
    async list(query): Promise<UserPage> {
      const where = searchClause(query);
      const total = (cache.prepare(`SELECT COUNT(*) AS n FROM users ${where.sql}`).get(where.params) as { n: number }).n;
      const rows = cache
        .prepare(`SELECT * FROM users ${where.sql} ORDER BY id DESC LIMIT @limit OFFSET @offset`)
        .all({ ...where.params, limit: query.limit, offset: query.offset }) as UserRow[];
      return { items: rows.map(fromRow), total };
    },
    async count() {
      return (cache.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
    },
  };
}
