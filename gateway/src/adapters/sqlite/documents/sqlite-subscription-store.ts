import type { SubscriptionPlan, UserSubscription } from '@tollgate/wire';
import type { Database } from 'better-sqlite3';
import type { NewUserSubscription, SubscriptionStore } from '../../../ports/documents/subscription-store.js';
import { StatementCache } from './columns.js';

/** A row keeps what queries filter and sort on as columns, the rest of the document as JSON. */
interface BodyRow {
  id: number;
  body: string;
}

const plan = (row: BodyRow | undefined): SubscriptionPlan | null => (row ? { ...(JSON.parse(row.body) as SubscriptionPlan), id: row.id } : null);
const subscription = (row: BodyRow | undefined): UserSubscription | null => (row ? { ...(JSON.parse(row.body) as UserSubscription), id: row.id } : null);

/** Plans and user subscriptions in SQLite; ending a subscription is one conditional UPDATE, so it happens once. */
export function createSqliteSubscriptionStore(db: Database): SubscriptionStore {
  const cache = new StatementCache(db);
  const planById = (id: number) => plan(cache.prepare('SELECT id, body FROM subscription_plans WHERE id = ?').get(id) as BodyRow | undefined);
  const byId = (id: number) => subscription(cache.prepare('SELECT id, body FROM user_subscriptions WHERE id = ?').get(id) as BodyRow | undefined);
  const putPlan = (p: SubscriptionPlan) =>
    cache.prepare('UPDATE subscription_plans SET enabled = ?, sort_order = ?, body = ? WHERE id = ?').run(p.enabled ? 1 : 0, p.sort_order, JSON.stringify(p), p.id);
  const insert = (fields: NewUserSubscription, now: number): UserSubscription => {
    const created: Omit<UserSubscription, 'id'> = { ...fields, status: 'active', created_at: now, updated_at: now };
    const row = { user_id: fields.user_id, plan_id: fields.plan_id, status: 'active', end_time: fields.end_time, body: JSON.stringify(created) };
    return { ...created, id: cache.insert('user_subscriptions', row) };
  };
  // One transaction: the key's subscription is looked up, or inserted with the key, never both twice.
  const startOnce = db.transaction((fields: NewUserSubscription, now: number, once: string): UserSubscription => {
    const started = cache.prepare('SELECT subscription_id AS id FROM subscription_starts WHERE once_key = ?').get(once) as { id: number } | undefined;
    if (started) return byId(started.id) as UserSubscription;
    const created = insert(fields, now);
    cache.prepare('INSERT INTO subscription_starts (once_key, subscription_id) VALUES (?, ?)').run(once, created.id);
    return created;
  }).immediate;
  const countOf = (userId: number, planId: number) => (cache.prepare('SELECT COUNT(*) AS n FROM user_subscriptions WHERE user_id = ? AND plan_id = ?').get(userId, planId) as { n: number }).n;
  // Immediate: the count and the insert hold the write lock together, even against another process on the file.
  const insertWithin = db.transaction((fields: NewUserSubscription, now: number, limit: number) => (countOf(fields.user_id, fields.plan_id) >= limit ? null : insert(fields, now))).immediate;
  return {
    async createPlan(fields, now) {
      const id = cache.insert('subscription_plans', { enabled: fields.enabled ? 1 : 0, sort_order: fields.sort_order, body: '{}' });
      const created = { id, ...fields, created_at: now, updated_at: now };
      putPlan(created);
      return created;
    },
    async updatePlan(id, fields, now) {
      const current = planById(id);
      if (!current) return null;
      const updated = { id, ...fields, created_at: current.created_at, updated_at: now };
      putPlan(updated);
      return updated;
    },
    async setPlanEnabled(id, enabled, now) {
      const current = planById(id);
      if (!current) return false;
      putPlan({ ...current, enabled, updated_at: now });
      return true;
    },
    async planById(id) {
      return planById(id);
    },
    async restorePlan(p) {
      return cache.insertUnlessIdTaken('subscription_plans', { id: p.id, enabled: p.enabled ? 1 : 0, sort_order: p.sort_order, body: JSON.stringify(p) });
    },
    async listPlans({ enabledOnly }) {
      const where = enabledOnly ? 'WHERE enabled = 1' : '';
      const rows = cache.prepare(`SELECT id, body FROM subscription_plans ${where} ORDER BY sort_order DESC, id DESC`).all() as BodyRow[];
      return rows.map((row) => plan(row) as SubscriptionPlan);
    },
    async create(fields, now, once) {
      return once === undefined ? insert(fields, now) : startOnce(fields, now, once);
    },
    async createWithin(fields, now, limit) {
      return insertWithin(fields, now, limit);
    },
    async byId(id) {
      return byId(id);
    },
    async restore(sub) {
      return cache.insertUnlessIdTaken('user_subscriptions', { id: sub.id, user_id: sub.user_id, plan_id: sub.plan_id, status: sub.status, end_time: sub.end_time, body: JSON.stringify(sub) });
    },
    async listByUser(userId) {
      const rows = cache.prepare('SELECT id, body FROM user_subscriptions WHERE user_id = ? ORDER BY end_time DESC, id DESC').all(userId) as BodyRow[];
      return rows.map((row) => subscription(row) as UserSubscription);
    },
    async end(id, status, now) {
      const current = byId(id);
      if (!current) return false;
      const body = JSON.stringify({ ...current, status, updated_at: now });
      return cache.prepare("UPDATE user_subscriptions SET status = ?, body = ? WHERE id = ? AND status = 'active'").run(status, body, id).changes === 1;
    },
    async countByUserPlan(userId, planId) {
      return countOf(userId, planId);
    },
  };
}
