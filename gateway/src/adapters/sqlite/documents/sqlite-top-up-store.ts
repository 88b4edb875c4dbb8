import { dict } from '@tollgate/wire';
import type { Database } from 'better-sqlite3';
import { type TopUpFilter, type TopUpOrder, TopUpStatus, type TopUpStore } from '../../../ports/documents/top-up-store.js';
import { likePattern, StatementCache } from './columns.js';

interface TopUpRow {
  id: number;
  user_id: number;
  amount: number;
  money: number;
  trade_no: string;
  payment_method: string;
  create_time: number;
  complete_time: number;
  status: string;
  checkout_id: string | null;
  checkout_amount: number | null;
  checkout_currency: string | null;
  quota: number | null;
  plan_id: number | null;
}

/** The checkout's columns, present only when the order has one. */
const checkoutOf = (row: TopUpRow): Partial<TopUpOrder> =>
  row.checkout_id === null ? {} : { checkoutId: row.checkout_id, checkoutAmount: row.checkout_amount ?? 0, checkoutCurrency: row.checkout_currency ?? '', quota: row.quota ?? 0 };

const fromRow = (row: TopUpRow): TopUpOrder => ({
  id: row.id,
  userId: row.user_id,
  amount: row.amount,
  money: row.money,
  tradeNo: row.trade_no,
  paymentMethod: row.payment_method,
  createTime: row.create_time,
  completeTime: row.complete_time,
  status: row.status,
  ...checkoutOf(row),
  ...(row.plan_id === null ? {} : { planId: row.plan_id }),
});

function whereOf({ userId, tradeNo }: TopUpFilter): { where: string; params: Record<string, string | number> } {
  const clauses: string[] = [];
  const params: Record<string, string | number> = dict();
  if (userId !== undefined) {
    clauses.push('user_id = @userId');
    params.userId = userId;
  }
  if (tradeNo) {
    clauses.push("trade_no LIKE @pattern ESCAPE '\\'");
    params.pattern = likePattern(tradeNo);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** Top-up orders in SQLite; completing is one conditional UPDATE, so it can succeed only once. */
export function createSqliteTopUpStore(db: Database): TopUpStore {
  const cache = new StatementCache(db);
  const byTradeNo = (tradeNo: string) => {
    const row = cache.prepare('SELECT * FROM top_ups WHERE trade_no = ?').get(tradeNo) as TopUpRow | undefined;
    return row ? fromRow(row) : null;
  };
  return {
    async restore(o) {
      const row = { id: o.id, user_id: o.userId, amount: o.amount, money: o.money, trade_no: o.tradeNo, payment_method: o.paymentMethod, create_time: o.createTime, complete_time: o.completeTime, status: o.status };
      return cache.insertUnlessIdTaken('top_ups', row);
    },
    async create(o) {
      const checkout = o.checkoutId === undefined ? {} : { checkout_id: o.checkoutId, checkout_amount: o.checkoutAmount ?? 0, checkout_currency: o.checkoutCurrency ?? '', quota: o.quota ?? 0 };
      cache.insert('top_ups', { user_id: o.userId, amount: o.amount, money: o.money, trade_no: o.tradeNo, payment_method: o.paymentMethod, create_time: o.createTime, status: TopUpStatus.Pending, ...checkout, ...(o.planId === undefined ? {} : { plan_id: o.planId }) });
      return byTradeNo(o.tradeNo) as TopUpOrder;
    },
    async byTradeNo(tradeNo) {
      return byTradeNo(tradeNo);
    },
    async complete(tradeNo, nowSeconds) {
      const done = cache.prepare('UPDATE top_ups SET status = ?, complete_time = ? WHERE trade_no = ? AND status = ?').run(TopUpStatus.Success, nowSeconds, tradeNo, TopUpStatus.Pending);
      return done.changes === 1 ? byTradeNo(tradeNo) : null;
    },
    async expire(tradeNo) {
      return cache.prepare('UPDATE top_ups SET status = ? WHERE trade_no = ? AND status = ?').run(TopUpStatus.Expired, tradeNo, TopUpStatus.Pending).changes === 1;
    },
    async list(filter, { offset, limit }) {
      const { where, params } = whereOf(filter);
      const total = (cache.prepare(`SELECT COUNT(*) AS n FROM top_ups ${where}`).get(params) as { n: number }).n;
      const rows = cache.prepare(`SELECT * FROM top_ups ${where} ORDER BY id DESC LIMIT @limit OFFSET @offset`).all({ ...params, limit, offset }) as TopUpRow[];
      return { items: rows.map(fromRow), total };
    },
  };
}
