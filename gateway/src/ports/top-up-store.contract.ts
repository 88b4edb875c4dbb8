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

    it("lists a user's orders newest first, with the total", async () => {
      const store = await open();
      for (const [i, userId] of [7, 8, 7, 7].entries()) await store.create(order(`T${i}`, { userId }));
      const page = await store.listByUser(7, { offset: 0, limit: 2 });
      expect(page.total).toBe(3);
      expect(page.items.map((o) => o.tradeNo)).toEqual(['T3', 'T2']);
    });
  });
}
