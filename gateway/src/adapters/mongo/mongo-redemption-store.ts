import type { Connection } from 'mongoose';
import { isExpired, type Redemption, RedemptionStatus, type RedemptionStore } from '../../ports/documents/redemption-store.js';
import { Claims } from './claims.js';
import { containing, NumberedCollection } from './numbered-collection.js';

const redemptionShape = {
  userId: Number,
  key: String,
  name: String,
  status: Number,
  quota: Number,
  createdTime: Number,
  redeemedTime: Number,
  usedUserId: Number,
  expiredTime: { type: Number, default: 0 },
};

/** A code stored before expiry existed reads as never expiring. */
const withExpiry = (code: Redemption | null): Redemption | null => code && { ...code, expiredTime: code.expiredTime ?? 0 };
const pageWithExpiry = async (page: Promise<{ items: Redemption[]; total: number }>) => {
  const { items, total } = await page;
  return { items: items.map((code) => ({ ...code, expiredTime: code.expiredTime ?? 0 })), total };
};

/**
 * Redemption codes in MongoDB. Redeeming claims the code first (a unique insert), so exactly one of
 * any number of concurrent callers wins; a process dying between the claim and the status update
 * leaves the code unredeemable rather than redeemed twice.
 */
export async function createMongoRedemptionStore(connection: Connection): Promise<RedemptionStore> {
  const codes = new NumberedCollection<Redemption>(connection, 'redemptions', redemptionShape, [{ fields: { key: 1 }, unique: true }, { fields: { usedUserId: 1, redeemedTime: -1 } }]);
  await codes.ready();
  const claims = new Claims(connection);
  return {
    restore: (redemption) => codes.restore(redemption),
    create: (redemption) => codes.insert({ ...redemption, expiredTime: redemption.expiredTime ?? 0, status: RedemptionStatus.Unused, redeemedTime: 0, usedUserId: 0 }),
    byId: async (id) => withExpiry(await codes.findOne({ _id: id })),
    byKey: async (key) => withExpiry(await codes.findOne({ key })),
    update: async (id, patch) => withExpiry(await codes.update(id, patch)),
    delete: (id) => codes.delete(id),
    list(query) {
      const filter: Record<string, unknown> = {};
      if (query.keyword) {
        const either: Record<string, unknown>[] = [{ name: containing(query.keyword) }];
        if (/^\d+$/.test(query.keyword)) either.push({ _id: Number(query.keyword) });
        filter.$or = either;
      }
      return pageWithExpiry(codes.page(filter, { _id: -1 }, query.offset, query.limit));
    },
    listRedeemed({ usedUserId, name }, { offset, limit }) {
      const filter: Record<string, unknown> = { status: RedemptionStatus.Used };
      if (usedUserId !== undefined) filter.usedUserId = usedUserId;
      if (name) filter.name = containing(name);
      return pageWithExpiry(codes.page(filter, { redeemedTime: -1, _id: -1 }, offset, limit));
    },
    async redeem(key, userId, nowSeconds) {
      const code = withExpiry(await codes.findOne({ key }));
      if (code?.status !== RedemptionStatus.Unused || isExpired(code, nowSeconds) || !(await claims.claim(`redemption:${code.id}`))) return null;
      return withExpiry(await codes.update(code.id, { status: RedemptionStatus.Used, usedUserId: userId, redeemedTime: nowSeconds }));
    },
  };
}
