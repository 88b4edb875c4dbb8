import type { Connection } from 'mongoose';
import { type TopUpOrder, TopUpStatus, type TopUpStore } from '../../ports/documents/top-up-store.js';
import { Claims } from './claims.js';
import { containing, NumberedCollection } from './numbered-collection.js';

const topUpShape = {
  userId: Number,
  amount: Number,
  money: Number,
  tradeNo: String,
  paymentMethod: String,
  createTime: Number,
  completeTime: Number,
  status: String,
  checkoutId: String,
  checkoutAmount: Number,
  checkoutCurrency: String,
  quota: Number,
  planId: Number,
};

/**
 * Top-up orders in MongoDB. Completing claims the order first (a unique insert), so exactly one of
 * any number of concurrent notifications credits it; a process dying between the claim and the
 * status update leaves the order pending but claimed, never credited twice.
 */
export async function createMongoTopUpStore(connection: Connection): Promise<TopUpStore> {
  const orders = new NumberedCollection<TopUpOrder>(connection, 'top_ups', topUpShape, [
    { fields: { tradeNo: 1 }, unique: true },
    { fields: { userId: 1, _id: -1 } },
  ]);
  await orders.ready();
  const claims = new Claims(connection);
  return {
    restore: (order) => orders.restore(order),
    create: (order) => orders.insert({ ...order, completeTime: 0, status: TopUpStatus.Pending }),
    byTradeNo: (tradeNo) => orders.findOne({ tradeNo }),
    async complete(tradeNo, nowSeconds) {
      const order = await orders.findOne({ tradeNo });
      if (order?.status !== TopUpStatus.Pending || !(await claims.claim(`top-up:${tradeNo}`))) return null;
      return orders.update(order.id, { status: TopUpStatus.Success, completeTime: nowSeconds });
    },
    async expire(tradeNo) {
      const order = await orders.findOne({ tradeNo });
      return order !== null && orders.updateIf(order.id, { status: TopUpStatus.Pending }, { $set: { status: TopUpStatus.Expired } });
    },
    list: ({ userId, tradeNo }, { offset, limit }) => {
      const filter = { ...(userId !== undefined ? { userId } : {}), ...(tradeNo ? { tradeNo: containing(tradeNo) } : {}) };
      return orders.page(filter, { _id: -1 }, offset, limit);
    },
  };
}
