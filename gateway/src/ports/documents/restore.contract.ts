import { describe, expect, it, onTestFinished } from 'vitest';
import { newChannel } from './channel-store.contract.js';
import type { Documents } from './documents.js';
import { RedemptionStatus } from './redemption-store.js';
import type { StoreFactory } from './store-fixture.js';
import { newToken } from './token-store.contract.js';
import { TopUpStatus } from './top-up-store.js';
import { newUser } from './user-store.contract.js';

/** A document imported under id 40, what reads it back, and a fresh one to create after it. */
interface RestoreCase {
  restore(documents: Documents, id: number): Promise<boolean>;
  read(documents: Documents, id: number): Promise<unknown>;
  expected(id: number): unknown;
  createNext(documents: Documents): Promise<{ id: number }>;
}

const user = { ...newUser({ username: 'imported' }), affCount: 0, affQuota: 0, affHistoryQuota: 0, setting: '{"notify_type":"email"}', remark: 'moved from new-api', createdAt: 1_600_000_000, deletedAt: null };
const token = newToken({ key: 'i'.repeat(48) });
const channel = newChannel({ name: 'imported' });
const code = { userId: 1, key: 'c'.repeat(32), name: 'used code', status: RedemptionStatus.Used, quota: 500, createdTime: 1_600_000_000, redeemedTime: 1_600_000_100, usedUserId: 7, expiredTime: 1_700_000_000 };
const plan = {
  title: 'imported plan', subtitle: '', price_amount: 9.9, currency: 'USD', duration_unit: 'month', duration_value: 1, custom_seconds: 0, enabled: false, sort_order: 3,
  stripe_price_id: '', creem_product_id: '', max_purchase_per_user: 0, upgrade_group: '', total_amount: 1000, quota_reset_period: 'daily', quota_reset_custom_seconds: 0,
  model_limits: '', group_limits: '', extra_windows: [], created_at: 1_600_000_000, updated_at: 1_600_000_001,
} as const;
const subscription = {
  user_id: 1, plan_id: 40, start_time: 1_600_000_000, end_time: 1_600_086_400, status: 'expired', source: 'order',
  windows: [{ total_amount: 1000, quota_reset_period: 'daily', quota_reset_custom_seconds: 0 }], model_limits: '', group_limits: '', created_at: 1_600_000_000, updated_at: 1_600_000_000,
} as const;
const order = { userId: 1, amount: 10, money: 7.3, tradeNo: 'USR1NO1', paymentMethod: 'alipay', createTime: 1_600_000_000, completeTime: 1_600_000_050, status: TopUpStatus.Success };

const cases: Record<string, RestoreCase> = {
  users: {
    restore: (d, id) => d.users.restore({ ...user, id }),
    read: (d, id) => d.users.byId(id),
    expected: (id) => ({ ...user, id }),
    createNext: (d) => d.users.create(newUser({ username: 'after' })),
  },
  tokens: {
    restore: (d, id) => d.tokens.restore({ ...token, id }),
    read: (d, id) => d.tokens.byId(id),
    expected: (id) => ({ ...token, id }),
    createNext: (d) => d.tokens.create(newToken({ key: 'n'.repeat(48) })),
  },
  channels: {
    restore: (d, id) => d.channels.restore({ ...channel, id }),
    read: (d, id) => d.channels.byId(id),
    expected: (id) => ({ ...channel, id }),
    createNext: (d) => d.channels.create(newChannel()),
  },
  redemptions: {
    restore: (d, id) => d.redemptions.restore({ ...code, id }),
    read: (d, id) => d.redemptions.byId(id),
    expected: (id) => ({ ...code, id }),
    createNext: (d) => d.redemptions.create({ userId: 1, key: 'd'.repeat(32), name: 'new', quota: 1, createdTime: 1 }),
  },
  subscriptionPlans: {
    restore: (d, id) => d.subscriptions.restorePlan({ ...plan, id, extra_windows: [] }),
    read: (d, id) => d.subscriptions.planById(id),
    expected: (id) => ({ ...plan, id }),
    createNext: (d) => d.subscriptions.createPlan({ ...plan, extra_windows: [] }, 1),
  },
  subscriptions: {
    restore: (d, id) => d.subscriptions.restore({ ...subscription, id, windows: [...subscription.windows] }),
    read: (d, id) => d.subscriptions.byId(id),
    expected: (id) => ({ ...subscription, id }),
    createNext: (d) => d.subscriptions.create({ ...subscription, plan_id: 1, windows: [] }, 1),
  },
  topUps: {
    restore: (d, id) => d.topUps.restore({ ...order, id }),
    read: (d) => d.topUps.byTradeNo(order.tradeNo),
    expected: (id) => ({ ...order, id }),
    createNext: (d) => d.topUps.create({ userId: 1, amount: 1, money: 1, tradeNo: 'USR1NO2', paymentMethod: 'alipay', createTime: 1 }),
  },
};

/** Every document store keeps an imported document's own id, once, and draws later ids past it. */
export function runRestoreContract(name: string, factory: StoreFactory<Documents>): void {
  describe(`restore contract: ${name}`, () => {
    for (const [kind, store] of Object.entries(cases)) {
      it(`${kind}: restores under the given id once, then refuses that id and creates past it`, async () => {
        const fixture = await factory();
        onTestFinished(() => fixture.close());
        const documents = fixture.store;
        expect(await store.restore(documents, 40)).toBe(true);
        expect(await store.read(documents, 40)).toEqual(store.expected(40));
        expect(await store.restore(documents, 40)).toBe(false);
        expect((await store.createNext(documents)).id).toBeGreaterThan(40);
      });
    }
  });
}
