import type { Database } from 'better-sqlite3';
import type { NewToken, Token, TokenStore } from '../../../ports/documents/token-store.js';
import { type ColumnMap, likePattern, type Row, StatementCache, toRow } from './columns.js';

const splitList = (text: string, separator: RegExp): string[] =>
  text
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean);

const tokenColumns: ColumnMap<Omit<Token, 'id'>> = {
  table: 'tokens',
  columns: {
    userId: 'user_id',
    key: 'token_key',
    name: 'name',
    status: 'status',
    createdTime: 'created_time',
    accessedTime: 'accessed_time',
    expiredTime: 'expired_time',
    unlimitedQuota: 'unlimited_quota',
    modelLimitsEnabled: 'model_limits_enabled',
    modelLimits: 'model_limits',
    allowIps: 'allow_ips',
    group: 'token_group',
  },
  encode: {
    unlimitedQuota: (value) => (value ? 1 : 0),
    modelLimitsEnabled: (value) => (value ? 1 : 0),
    modelLimits: (value) => value.join(','),
    allowIps: (value) => value.join('\n'),
  },
};

interface TokenRow {
  id: number;
  user_id: number;
  token_key: string;
  name: string;
  status: number;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  unlimited_quota: number;
  model_limits_enabled: number;
  model_limits: string;
  allow_ips: string;
  token_group: string;
}

function fromRow(row: TokenRow): Token {
  return {
    id: row.id,
    userId: row.user_id,
    key: row.token_key,
    name: row.name,
    status: row.status,
    createdTime: row.created_time,
    accessedTime: row.accessed_time,
    expiredTime: row.expired_time,
    unlimitedQuota: row.unlimited_quota === 1,
    modelLimitsEnabled: row.model_limits_enabled === 1,
    modelLimits: splitList(row.model_limits, /,/),
    allowIps: splitList(row.allow_ips, /\r?\n/),
    group: row.token_group,
  };
}

function listClause(userId: number, query: { keyword?: string; key?: string }): { sql: string; params: Row } {
  const conditions = ['user_id = @userId'];
  const params: Row = { userId };
  if (query.keyword) {
    params.keyword = likePattern(query.keyword);
    conditions.push("name LIKE @keyword ESCAPE '\\'");
  }
  if (query.key) {
    params.key = likePattern(query.key);
    conditions.push("token_key LIKE @key ESCAPE '\\'");
  }
  return { sql: `WHERE ${conditions.join(' AND ')}`, params };
}

/** API keys' documents in SQLite; lists are stored as comma (models) and newline (addresses) text. */
export function createSqliteTokenStore(db: Database): TokenStore {
  const cache = new StatementCache(db);
  const byColumn = (column: string, value: string | number): Token | null => {
    const row = cache.prepare(`SELECT * FROM tokens WHERE ${column} = ?`).get(value) as TokenRow | undefined;
    return row ? fromRow(row) : null;
  };
  return {
    async restore({ id, ...token }) {
      return cache.insertUnlessIdTaken('tokens', { id, ...toRow(tokenColumns, token) });
    },
    async create(token: NewToken) {
      return byColumn('id', cache.insert('tokens', toRow(tokenColumns, token))) as Token;
    },
    async byId(id) {
      return byColumn('id', id);
    },
    async byKey(key) {
      return byColumn('token_key', key);
    },
    async update(id, patch) {
      return cache.update('tokens', id, toRow(tokenColumns, patch)) ? byColumn('id', id) : null;
    },
    async delete(id) {
      return cache.prepare('DELETE FROM tokens WHERE id = ?').run(id).changes > 0;
    },
    async listByUser(userId, query) {
      const where = listClause(userId, query);
      const total = (cache.prepare(`SELECT COUNT(*) AS n FROM tokens ${where.sql}`).get(where.params) as { n: number }).n;
      const rows = cache
        .prepare(`SELECT * FROM tokens ${where.sql} ORDER BY id DESC LIMIT @limit OFFSET @offset`)
        .all({ ...where.params, limit: query.limit, offset: query.offset }) as TokenRow[];
      return { items: rows.map(fromRow), total };
    },
  };
}
