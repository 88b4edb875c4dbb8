import type { Redemption } from '../../ports/documents/redemption-store.js';
import type { TopUpOrder } from '../../ports/documents/top-up-store.js';
import { ALREADY_IN_TOLLGATE, firstConflict } from './conflicts.js';
import type { ImportContext } from '../import-context.js';
import { importDocuments } from './import-documents.js';
import { type SourceRedemption, type SourceTopUp, sourceRedemption, sourceTopUp } from '../sources/new-api-rows.js';

/** Redemption codes as they stand (a used code stays used, by whom and when; an expiring one keeps its expiry); their quota is already in the users' balances. */
export function importRedemptions(context: ImportContext): Promise<void> {
  const { redemptions } = context.targets.documents;
  return importDocuments<SourceRedemption, Redemption>(context, {
    table: 'redemptions',
    kind: 'redemption codes',
    row: sourceRedemption,
    map(row) {
      if (row.deleted_at !== null) return { skip: 'deleted in new-api' };
      const code = { id: row.id, userId: row.user_id, key: row.key, name: row.name, status: row.status, quota: row.quota, createdTime: row.created_time, redeemedTime: row.redeemed_time, usedUserId: row.used_user_id, expiredTime: row.expired_time };
      return { doc: code, openings: [] };
    },
    conflict: (code) =>
      firstConflict([
        [async () => (await redemptions.byId(code.id)) !== null, ALREADY_IN_TOLLGATE],
        [async () => (await redemptions.byKey(code.key)) !== null, 'key taken by another Tollgate code'],
      ]),
    write: (code) => redemptions.restore(code),
  });
}

/** Online top-up orders, paid or pending, as records; what they credited is already in the balances. */
export function importTopUps(context: ImportContext): Promise<void> {
  const { topUps } = context.targets.documents;
  return importDocuments<SourceTopUp, TopUpOrder>(context, {
    table: 'top_ups',
    kind: 'top-up records',
    row: sourceTopUp,
    map(row) {
      const order = { id: row.id, userId: row.user_id, amount: row.amount, money: row.money, tradeNo: row.trade_no, paymentMethod: row.payment_method, createTime: row.create_time, completeTime: row.complete_time, status: row.status };
      return row.trade_no ? { doc: order, openings: [] } : { skip: 'no trade number' };
    },
    conflict: (order) => firstConflict([[async () => (await topUps.byTradeNo(order.tradeNo)) !== null, ALREADY_IN_TOLLGATE]]),
    write: (order) => topUps.restore(order),
  });
}
