import { describe, expect, it } from 'vitest';
import type { StoreFactory } from './store-fixture.js';
import type { NewPlan, NewUserSubscription, SubscriptionStore } from './subscription-store.js';

export const planFields = (overrides: Partial<NewPlan> = {}): NewPlan => ({
  title: 'Pro',
  subtitle: '',
  price_amount: 10,
  currency: 'USD',
  duration_unit: 'month',
  duration_value: 1,
  custom_seconds: 0,
  enabled: true,
  sort_order: 0,
  stripe_price_id: '',
  creem_product_id: '',
  max_purchase_per_user: 0,
  upgrade_group: '',
  total_amount: 1000,
  quota_reset_period: 'daily',
  quota_reset_custom_seconds: 0,
  model_limits: '',
  group_limits: '',
  extra_windows: [{ total_amount: 300, quota_reset_period: 'custom', quota_reset_custom_seconds: 18_000 }],
  ...overrides,
});

const subscriptionOf = (userId: number, planId: number, endTime: number): NewUserSubscription => ({
  user_id: userId,
  plan_id: planId,
  start_time: 100,
  end_time: endTime,
  source: 'wallet',
  windows: [{ total_amount: 1000, quota_reset_period: 'daily', quota_reset_custom_seconds: 0 }],
  model_limits: 'gpt-4o',
  group_limits: '',
});

/** Every SubscriptionStore adapter (SQLite, MongoDB) must pass this suite. */
export function runSubscriptionStoreContract(name: string, factory: StoreFactory<SubscriptionStore>): void {
  describe(`SubscriptionStore contract: ${name}`, () => {
    async function withStore(test: (store: SubscriptionStore) => Promise<void>) {
      const fixture = await factory();
      try {
        await test(fixture.store);
      } finally {
        await fixture.close();
      }
    }

    it('keeps a plan as given, with its windows, and replaces it whole on update', () =>
      withStore(async (store) => {
        const plan = await store.createPlan(planFields(), 1000);
        expect(plan).toEqual({ id: plan.id, ...planFields(), created_at: 1000, updated_at: 1000 });
        expect(await store.planById(plan.id)).toEqual(plan);
        const updated = await store.updatePlan(plan.id, planFields({ title: 'Max', extra_windows: [] }), 2000);
        expect(updated).toEqual({ id: plan.id, ...planFields({ title: 'Max', extra_windows: [] }), created_at: 1000, updated_at: 2000 });
        expect(await store.updatePlan(plan.id + 99, planFields(), 2000)).toBeNull();
      }));

    it('lists plans by sort order then id, descending, the disabled ones only when asked', () =>
      withStore(async (store) => {
        const low = await store.createPlan(planFields({ title: 'low', sort_order: 1 }), 1);
        const high = await store.createPlan(planFields({ title: 'high', sort_order: 5 }), 1);
        const later = await store.createPlan(planFields({ title: 'later', sort_order: 1 }), 1);
        expect(await store.setPlanEnabled(high.id, false, 2)).toBe(true);
        expect(await store.setPlanEnabled(high.id + 99, false, 2)).toBe(false);
        expect((await store.listPlans({ enabledOnly: false })).map((p) => p.title)).toEqual(['high', 'later', 'low']);
        expect((await store.listPlans({ enabledOnly: true })).map((p) => p.id)).toEqual([later.id, low.id]);
      }));

    it("keeps a user's subscriptions, newest end first, counted per plan", () =>
      withStore(async (store) => {
        const first = await store.create(subscriptionOf(1, 10, 500), 100);
        const second = await store.create(subscriptionOf(1, 10, 900), 100);
        await store.create(subscriptionOf(2, 10, 900), 100);
        expect(first).toEqual({ id: first.id, ...subscriptionOf(1, 10, 500), status: 'active', created_at: 100, updated_at: 100 });
        expect((await store.listByUser(1)).map((s) => s.id)).toEqual([second.id, first.id]);
        expect(await store.countByUserPlan(1, 10)).toBe(2);
        expect(await store.countByUserPlan(1, 11)).toBe(0);
      }));

    it('starts one subscription per once-key, however many callers race with it; each gets that one', () =>
      withStore(async (store) => {
        const tries = await Promise.all(Array.from({ length: 20 }, () => store.create(subscriptionOf(3, 10, 700), 100, 'order-A')));
        const other = await store.create(subscriptionOf(3, 10, 700), 100, 'order-B');
        expect(new Set(tries.map((s) => s.id)).size).toBe(1);
        expect(tries[0]).toEqual({ id: tries[0]?.id, ...subscriptionOf(3, 10, 700), status: 'active', created_at: 100, updated_at: 100 });
        expect(other.id).not.toBe(tries[0]?.id);
        expect(await store.countByUserPlan(3, 10)).toBe(2);
        expect(await store.create(subscriptionOf(3, 10, 700), 200, 'order-A')).toEqual(tries[0]);
      }));

    it('holds a plan\'s purchases to the limit however many start at once, counting every subscription of the plan', () =>
      withStore(async (store) => {
        await store.create(subscriptionOf(4, 10, 700), 100); // a grant (no limit) counts too
        const tries = await Promise.all(Array.from({ length: 12 }, () => store.createWithin(subscriptionOf(4, 10, 700), 100, 3)));
        expect(tries.filter((s) => s !== null)).toHaveLength(2);
        expect(await store.countByUserPlan(4, 10)).toBe(3);
        expect(await store.createWithin(subscriptionOf(4, 10, 700), 100, 3)).toBeNull();
        expect(await store.createWithin(subscriptionOf(4, 11, 700), 100, 1)).toMatchObject({ user_id: 4, plan_id: 11, status: 'active' });
        expect(await store.createWithin(subscriptionOf(5, 10, 700), 100, 1)).toMatchObject({ user_id: 5, plan_id: 10 });
      }));

    it('ends an active subscription once, whoever tries at the same time', () =>
      withStore(async (store) => {
        const sub = await store.create(subscriptionOf(1, 10, 500), 100);
        const tries = await Promise.all([store.end(sub.id, 'cancelled', 200), store.end(sub.id, 'expired', 200), store.end(sub.id, 'cancelled', 200)]);
        expect(tries.filter(Boolean)).toHaveLength(1);
        expect((await store.byId(sub.id))?.status).not.toBe('active');
        expect(await store.end(sub.id + 99, 'cancelled', 200)).toBe(false);
      }));
  });
}
