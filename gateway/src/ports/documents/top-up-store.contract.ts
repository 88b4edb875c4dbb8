import { describe, expect, it, onTestFinished } from 'vitest';
import type { StoreFactory } from './store-fixture.js';
import { type NewTopUpOrder, TopUpStatus, type TopUpStore } from './top-up-store.js';

const order = (tradeNo: string, fields: Partial<NewTopUpOrder> = {}): NewTopUpOrder => ({
  userId: 7, amount: 10, money: 73, tradeNo, paymentMethod: 'alipay', createTime: 1_700_000_000, ...fields,
});

/** Every TopUpStore adapter (SQLite, MongoDB) must pass this suite. */
export function runTopUpStoreContract(name: string, factory: StoreFactory<TopUpStore>): void {
  describe(`TopUpStore contract: ${name}`, () => {
    async function open(): Promise<TopUpStore> {
      const fixture = await factory();
      onTestFinished(() => fixture.close());
      return fixture.store;
    }

    it('keeps a new order pending, found by its trade number', async () => {
      const store = await open();
      const created = await store.create(order('USR7NOabc1'));
      expect(created).toMatchObject({ ...order('USR7NOabc1'), status: TopUpStatus.Pending, completeTime: 0 });
      expect(await store.byTradeNo('USR7NOabc1')).toEqual(created);
      expect(await store.byTradeNo('nope')).toBeNull();
    });

    it('keeps a Stripe or Creem order\'s checkout (id, amount, currency) and quota; an Epay order has none', async () => {
      const store = await open();
      const checkout = { checkoutId: 'cs_test_1', checkoutAmount: 499, checkoutCurrency: 'usd', quota: 2_500_000 };
      await store.create(order('ref_1', { paymentMethod: 'stripe', ...checkout }));
      expect(await store.byTradeNo('ref_1')).toMatchObject(checkout);
      expect(await store.complete('ref_1', 1_700_000_100)).toMatchObject({ ...checkout, status: TopUpStatus.Success });
      await store.create(order('USR7NOepay'));
      const epay = await store.byTradeNo('USR7NOepay');
      for (const field of Object.keys(checkout)) expect(epay, field).not.toHaveProperty(field);
      expect(epay).not.toHaveProperty('planId');
    });

    it('keeps the plan a plan\'s order buys (issue #41)', async () => {
      const store = await open();
      await store.create(order('SUBUSR7NO1', { amount: 0, planId: 4 }));
      expect(await store.byTradeNo('SUBUSR7NO1')).toMatchObject({ amount: 0, planId: 4, status: TopUpStatus.Pending });
      expect(await store.complete('SUBUSR7NO1', 1_700_000_100)).toMatchObject({ planId: 4, status: TopUpStatus.Success });
    });

    it('completes a pending order once, even under concurrent calls', async () => {
      const store = await open();
      await store.create(order('USR7NOabc2'));
      const results = await Promise.all(Array.from({ length: 8 }, () => store.complete('USR7NOabc2', 1_700_000_100)));
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toMatchObject({ status: TopUpStatus.Success, completeTime: 1_700_000_100 });
      expect(await store.complete('USR7NOabc2', 1_700_000_200)).toBeNull();
      expect(await store.complete('unknown', 1_700_000_200)).toBeNull();
    });

    it('expires a pending order once, and never a paid one', async () => {
      const store = await open();
      await store.create(order('ref_lapsed'));
      expect(await store.expire('ref_lapsed')).toBe(true);
      expect(await store.expire('ref_lapsed')).toBe(false);
      expect((await store.byTradeNo('ref_lapsed'))?.status).toBe(TopUpStatus.Expired);
      expect(await store.complete('ref_lapsed', 1_700_000_100)).toBeNull();
      await store.create(order('ref_paid'));
      await store.complete('ref_paid', 1_700_000_100);
      expect(await store.expire('ref_paid')).toBe(false);
      expect(await store.expire('unknown')).toBe(false);
    });

    it("lists a user's orders newest first, with the total", async () => {
      const store = await open();
      for (const [i, userId] of [7, 8, 7, 7].entries()) await store.create(order(`T${i}`, { userId }));
      const page = await store.list({ userId: 7 }, { offset: 0, limit: 2 });
      expect(page.total).toBe(3);
      expect(page.items.map((o) => o.tradeNo)).toEqual(['T3', 'T2']);
    });

    it('lists everyone\'s orders, or those whose trade number contains a text (wildcards taken literally)', async () => {
      const store = await open();
      for (const [i, tradeNo] of ['USR7NOab', 'USR8NOcd', 'USR7NO%x', 'X_Y'].entries()) await store.create(order(tradeNo, { userId: 7 + i }));
      expect((await store.list({}, { offset: 0, limit: 10 })).items.map((o) => o.tradeNo)).toEqual(['X_Y', 'USR7NO%x', 'USR8NOcd', 'USR7NOab']);
      expect((await store.list({ tradeNo: 'usr7' }, { offset: 0, limit: 10 })).total).toBe(2);
      expect((await store.list({ tradeNo: '%' }, { offset: 0, limit: 10 })).items.map((o) => o.tradeNo)).toEqual(['USR7NO%x']);
      expect((await store.list({ tradeNo: '_' }, { offset: 0, limit: 10 })).items.map((o) => o.tradeNo)).toEqual(['X_Y']);
      expect((await store.list({ userId: 8, tradeNo: 'USR' }, { offset: 0, limit: 10 })).items.map((o) => o.tradeNo)).toEqual(['USR8NOcd']);
    });
  });
}
