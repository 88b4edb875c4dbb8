import { describe, expect, it, onTestFinished } from 'vitest';
import { RedemptionStatus, type RedemptionStore } from './redemption-store.js';
import type { StoreFactory } from './store-fixture.js';

const code = (n: number) => n.toString(16).padStart(32, '0');

/** Every RedemptionStore adapter (SQLite, MongoDB) must pass this. */
export function runRedemptionStoreContract(name: string, factory: StoreFactory<RedemptionStore>): void {
  const open = async (): Promise<RedemptionStore> => {
    const fixture = await factory();
    onTestFinished(() => fixture.close());
    return fixture.store;
  };
  describe(`RedemptionStore contract: ${name}`, () => {
    it('creates unused codes and lists them newest first, searching by id or name', async () => {
      const store = await open();
      const first = await store.create({ userId: 1, key: code(1), name: 'spring', quota: 100, createdTime: 10 });
      await store.create({ userId: 1, key: code(2), name: 'summer', quota: 200, createdTime: 11 });
      expect(first).toMatchObject({ status: RedemptionStatus.Unused, usedUserId: 0, redeemedTime: 0, expiredTime: 0 });
      const all = await store.list({ offset: 0, limit: 10 });
      expect(all.total).toBe(2);
      expect(all.items.map((r) => r.name)).toEqual(['summer', 'spring']);
      expect((await store.list({ offset: 0, limit: 10, keyword: 'spr' })).items.map((r) => r.name)).toEqual(['spring']);
      expect((await store.list({ offset: 0, limit: 10, keyword: String(first.id) })).items.map((r) => r.id)).toEqual([first.id]);
    });

    it('refuses an expired code and keeps it unused; redeems one at its expiry second; edits the expiry', async () => {
      const store = await open();
      const expired = await store.create({ userId: 1, key: code(20), name: 'old', quota: 50, createdTime: 10, expiredTime: 100 });
      expect(await store.redeem(code(20), 7, 101)).toBeNull();
      expect(await store.byKey(code(20))).toMatchObject({ status: RedemptionStatus.Unused, usedUserId: 0, expiredTime: 100 });
      expect(await store.update(expired.id, { expiredTime: 200 })).toMatchObject({ expiredTime: 200 });
      expect(await store.redeem(code(20), 7, 200)).toMatchObject({ status: RedemptionStatus.Used, usedUserId: 7 });
    });

    it('redeems a code once: the winner gets it, everyone after gets null', async () => {
      const store = await open();
      await store.create({ userId: 1, key: code(3), name: 'once', quota: 500, createdTime: 10 });
      const attempts = await Promise.all(Array.from({ length: 20 }, (_, i) => store.redeem(code(3), 100 + i, 99)));
      const winners = attempts.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toMatchObject({ status: RedemptionStatus.Used, quota: 500, redeemedTime: 99 });
      expect(await store.byKey(code(3))).toMatchObject({ status: RedemptionStatus.Used, usedUserId: winners[0]?.usedUserId });
    });

    it('lists used codes only, the latest redeemed first, by user and by name', async () => {
      const store = await open();
      for (const [n, name] of ['alpha', 'beta', 'gamma', 'delta', 'unused'].entries()) await store.create({ userId: 1, key: code(40 + n), name, quota: 10 * (n + 1), createdTime: 10 });
      await store.redeem(code(40), 7, 300);
      await store.redeem(code(41), 8, 100);
      await store.redeem(code(42), 7, 200);
      await store.redeem(code(43), 7, 200);
      const all = await store.listRedeemed({}, { offset: 0, limit: 10 });
      expect(all.total).toBe(4);
      expect(all.items.map((r) => [r.name, r.usedUserId, r.redeemedTime])).toEqual([['alpha', 7, 300], ['delta', 7, 200], ['gamma', 7, 200], ['beta', 8, 100]]);
      const sevens = await store.listRedeemed({ usedUserId: 7 }, { offset: 1, limit: 1 });
      expect(sevens).toMatchObject({ total: 3, items: [{ name: 'delta', quota: 40 }] });
      expect((await store.listRedeemed({ usedUserId: 8, name: 'et' }, { offset: 0, limit: 10 })).items.map((r) => r.name)).toEqual(['beta']);
      expect((await store.listRedeemed({ usedUserId: 9 }, { offset: 0, limit: 10 })).total).toBe(0);
    });

    it('refuses an unknown or disabled code', async () => {
      const store = await open();
      const disabled = await store.create({ userId: 1, key: code(4), name: 'off', quota: 1, createdTime: 10 });
      await store.update(disabled.id, { status: RedemptionStatus.Disabled });
      expect(await store.redeem(code(4), 7, 1)).toBeNull();
      expect(await store.redeem(code(999), 7, 1)).toBeNull();
    });

    it('updates and deletes', async () => {
      const store = await open();
      const r = await store.create({ userId: 1, key: code(5), name: 'x', quota: 1, createdTime: 10 });
      expect(await store.update(r.id, { name: 'y', quota: 2 })).toMatchObject({ name: 'y', quota: 2 });
      expect(await store.delete(r.id)).toBe(true);
      expect(await store.byId(r.id)).toBeNull();
    });
  });
}
