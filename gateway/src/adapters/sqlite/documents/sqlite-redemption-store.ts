import type { Database } from 'better-sqlite3';
import { type NewRedemption, type Redemption, RedemptionStatus, type RedemptionStore } from '../../../ports/documents/redemption-store.js';
import { likePattern, type Row, StatementCache } from './columns.js';

interface RedemptionRow {
  id: number;
  user_id: number;
  redemption_key: string;
  name: string;
  status: number;
  quota: number;
  created_time: number;
  redeemed_time: number;
  used_user_id: number;
  expired_time: number;
}

const fromRow = (row: RedemptionRow): Redemption => ({
  id: row.id,
  userId: row.user_id,
  key: row.redemption_key,
  name: row.name,
  status: row.status,
  quota: row.quota,
  createdTime: row.created_time,
  redeemedTime: row.redeemed_time,
  usedUserId: row.used_user_id,
  expiredTime: row.expired_time,
});

/** Redemption codes in SQLite; redeeming is one conditional UPDATE, so it can succeed only once. */
export function createSqliteRedemptionStore(db: Database): RedemptionStore {
  const cache = new StatementCache(db);
  const byColumn = (column: string, value: string | number): Redemption | null => {
    const row = cache.prepare(`SELECT * FROM redemptions WHERE ${column} = ?`).get(value) as RedemptionRow | undefined;
    return row ? fromRow(row) : null;
  };
  return {
    async restore(r) {
      const row = { id: r.id, user_id: r.userId, redemption_key: r.key, name: r.name, status: r.status, quota: r.quota, created_time: r.createdTime, redeemed_time: r.redeemedTime, used_user_id: r.usedUserId, expired_time: r.expiredTime };
      return cache.insertUnlessIdTaken('redemptions', row);
    },
    async create(r: NewRedemption) {
      const id = cache.insert('redemptions', { user_id: r.userId, redemption_key: r.key, name: r.name, quota: r.quota, created_time: r.createdTime, status: RedemptionStatus.Unused, expired_time: r.expiredTime ?? 0 });
      return byColumn('id', id) as Redemption;
    },
    async byId(id) {
      return byColumn('id', id);
    },
    async byKey(key) {
      return byColumn('redemption_key', key);
    },
    async update(id, patch) {
      const columns = { name: patch.name, quota: patch.quota, status: patch.status, expired_time: patch.expiredTime };
      const row: Row = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
      return cache.update('redemptions', id, row) ? byColumn('id', id) : null;
    },
    async delete(id) {
      return cache.prepare('DELETE FROM redemptions WHERE id = ?').run(id).changes > 0;
    },
    async list({ offset, limit, keyword }) {
      const where = keyword ? "WHERE CAST(id AS TEXT) = @keyword OR name LIKE @pattern ESCAPE '\\'" : '';
      const params = keyword ? { keyword, pattern: likePattern(keyword) } : {};
      const total = (cache.prepare(`SELECT COUNT(*) AS n FROM redemptions ${where}`).get(params) as { n: number }).n;
      const rows = cache.prepare(`SELECT * FROM redemptions ${where} ORDER BY id DESC LIMIT @limit OFFSET @offset`).all({ ...params, limit, offset }) as RedemptionRow[];
      return { items: rows.map(fromRow), total };
    },
    async listRedeemed({ usedUserId, name }, { offset, limit }) {
      const conditions = ['status = @used', ...(usedUserId === undefined ? [] : ['used_user_id = @usedUserId']), ...(name ? ["name LIKE @pattern ESCAPE '\\'"] : [])];
      const where = `WHERE ${conditions.join(' AND ')}`;
      const params = { used: RedemptionStatus.Used, usedUserId, pattern: name ? likePattern(name) : undefined };
      const total = (cache.prepare(`SELECT COUNT(*) AS n FROM redemptions ${where}`).get(params) as { n: number }).n;
      const rows = cache.prepare(`SELECT * FROM redemptions ${where} ORDER BY redeemed_time DESC, id DESC LIMIT @limit OFFSET @offset`).all({ ...params, limit, offset }) as RedemptionRow[];
      return { items: rows.map(fromRow), total };
    },
    async redeem(key, userId, nowSeconds) {
      const won = cache
        .prepare('UPDATE redemptions SET status = @used, used_user_id = @userId, redeemed_time = @now WHERE redemption_key = @key AND status = @unused AND (expired_time = 0 OR expired_time >= @now)')
        .run({ used: RedemptionStatus.Used, unused: RedemptionStatus.Unused, userId, now: nowSeconds, key }).changes;
      return won === 1 ? byColumn('redemption_key', key) : null;
    },
  };
}
