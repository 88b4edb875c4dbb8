import type { TopUpKind, TopUpRow } from '@tollgate/wire';
import type { MoneyContext } from '../contexts/money.js';
import type { Redemption } from '../ports/documents/redemption-store.js';
import { type TopUpOrder, TopUpStatus } from '../ports/documents/top-up-store.js';
import { mergedPage } from './merged-page.js';

export interface TopUpHistoryFilter {
  userId?: number;
  /** A part of an order's trade number, or of a code's name. */
  keyword?: string;
  kind?: TopUpKind;
}

type Deps = MoneyContext;

function onlineRow(order: TopUpOrder, quotaPerUnit: number): TopUpRow {
  return {
    id: order.id, kind: 'online', user_id: order.userId, amount: order.amount, money: order.money, quota: order.quota ?? Math.round(order.amount * quotaPerUnit),
    trade_no: order.tradeNo, name: '', payment_method: order.paymentMethod, create_time: order.createTime, complete_time: order.completeTime, status: order.status,
  };
}

function codeRow(code: Redemption, quotaPerUnit: number): TopUpRow {
  return {
    id: code.id, kind: 'redemption', user_id: code.usedUserId, amount: quotaPerUnit > 0 ? code.quota / quotaPerUnit : 0, money: 0, quota: code.quota,
    trade_no: '', name: code.name, payment_method: 'redemption', create_time: code.redeemedTime, complete_time: code.redeemedTime, status: TopUpStatus.Success,
  };
}

/** Newest first; at one second, online before codes, then the higher id. */
function before(x: TopUpRow, y: TopUpRow): boolean {
  if (x.create_time !== y.create_time) return x.create_time > y.create_time;
  if (x.kind !== y.kind) return x.kind === 'online';
  return x.id > y.id;
}

/** The top-up history: online orders and redeemed codes, newest first, paged as one list. */
export async function topUpHistory(deps: Deps, filter: TopUpHistoryFilter, page: { offset: number; limit: number }): Promise<{ items: TopUpRow[]; total: number }> {
  const perUnit = deps.options.number('QuotaPerUnit');
  const none = async () => ({ items: [] as TopUpRow[], total: 0 });
  const online = filter.kind === 'redemption' ? none : async (offset: number, limit: number) => {
    const result = await deps.topUps.list({ userId: filter.userId, tradeNo: filter.keyword }, { offset, limit });
    return { items: result.items.map((order) => onlineRow(order, perUnit)), total: result.total };
  };
  const codes = filter.kind === 'online' ? none : async (offset: number, limit: number) => {
    const result = await deps.redemptions.listRedeemed({ usedUserId: filter.userId, name: filter.keyword }, { offset, limit });
    return { items: result.items.map((code) => codeRow(code, perUnit)), total: result.total };
  };
  return mergedPage(online, codes, before, page.offset, page.limit);
}
