import type { BalancesChanged } from '@tollgate/ledger';
import { describe, expect, it } from 'vitest';
import type { HoldStore, Pockets, SubscriptionWindow } from './hold-store.js';

const USER = 8;
const TOKEN = 80;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const settledBy = (...holdIds: string[]): BalancesChanged => ({ users: [], tokens: [], channels: [], appliedEvents: [], settledHolds: holdIds.map((holdId) => ({ holdId, userId: USER })) });

async function seeded(factory: () => Promise<HoldStore>, wallet: number): Promise<HoldStore> {
  const store = await factory();
  await store.seed([{ userId: USER, quota: wallet, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], [{ tokenId: TOKEN, userId: USER, remainQuota: 0, usedQuota: 0, unlimited: true }]);
  return store;
}

/** A window of `limit` that ends an hour from now; `run` keeps runs of a shared engine apart. */
const window = (run: string, name: string, limit: number, endsAt = Date.now() + HOUR): SubscriptionWindow => ({ key: `${run}:${name}`, limit, endsAt });
const pockets = (order: Pockets['order'], ...subscriptions: [number, SubscriptionWindow[]][]): Pockets => ({ order, subscriptions: subscriptions.map(([subscriptionId, windows]) => ({ subscriptionId, windows })) });
const call = (holdId: string, amount: number, p: Pockets) => ({ holdId, userId: USER, tokenId: TOKEN, least: amount, most: amount, ttlMs: MINUTE, pockets: p });

let runs = 0;

/** Every HoldStore adapter must pass this suite too: who pays a call, and its subscription windows (issue #41). */
export function runSubscriptionHoldContract(name: string, factory: () => Promise<HoldStore>): void {
  describe(`HoldStore subscription pockets: ${name}`, () => {
    const run = () => `${name}-${process.pid}-${Date.now()}-${(runs += 1)}`;

    it('subscription first: the subscription pays while every window has room, then the wallet, then no one', async () => {
      const r = run();
      const store = await seeded(factory, 25);
      const p = pockets('subscription_first', [3, [window(r, 'day', 100), window(r, '5h', 30)]]);
      const results = [];
      for (let i = 0; i < 6; i += 1) results.push(await store.acquire(call(`h${i}`, 10, p)));
      expect(results.map((x) => (x.ok ? (x.subscriptionId ?? 'wallet') : x.reason))).toEqual([3, 3, 3, 'wallet', 'wallet', 'user_quota']);
      // The subscription's holds never touched the wallet: it holds the two wallet calls alone.
      expect(await store.available(USER)).toBe(5);
    });

    it('wallet first: the wallet pays while it can, then the subscription', async () => {
      const r = run();
      const store = await seeded(factory, 20);
      const p = pockets('wallet_first', [4, [window(r, 'w', 10)]]);
      const payers = [];
      for (let i = 0; i < 4; i += 1) {
        const x = await store.acquire(call(`w${i}`, 10, p));
        payers.push(x.ok ? (x.subscriptionId ?? 'wallet') : x.reason);
      }
      expect(payers).toEqual(['wallet', 'wallet', 4, 'user_quota']);
    });

    it('subscription only: refused once the windows are full, the wallet untouched', async () => {
      const r = run();
      const store = await seeded(factory, 1000);
      const p = pockets('subscription_only', [5, [window(r, 'w', 15)]]);
      expect(await store.acquire(call('a', 10, p))).toEqual({ ok: true, granted: 10, subscriptionId: 5 });
      expect(await store.acquire(call('b', 10, p))).toEqual({ ok: false, reason: 'subscription_quota' });
      expect(await store.available(USER)).toBe(1000);
    });

    it('a released hold gives its windows back; a settled one stays counted; an adjusted one counts its cost', async () => {
      const r = run();
      const store = await seeded(factory, 0);
      const p = pockets('subscription_only', [6, [window(r, 'w', 30)]]);
      await store.acquire(call('released', 10, p));
      await store.acquire(call('settled', 10, p));
      await store.acquire(call('adjusted', 10, p));
      await store.release({ holdId: 'released', userId: USER });
      await store.adjust({ holdId: 'adjusted', userId: USER }, 4);
      await store.applyLedgerChanges(settledBy('settled', 'adjusted'));
      // 30 - 10 settled - 4 adjusted and settled = 16 left: a call of 16 fits, one more of 1 does not.
      expect(await store.acquire(call('fits', 16, p))).toMatchObject({ ok: true, subscriptionId: 6 });
      expect(await store.acquire(call('over', 1, p))).toEqual({ ok: false, reason: 'subscription_quota' });
      // Released twice, given back once.
      await store.release({ holdId: 'released', userId: USER });
      expect(await store.acquire(call('still-over', 1, p))).toEqual({ ok: false, reason: 'subscription_quota' });
    });

    it('the next subscription pays when the first is full; a new window starts from nothing; an ended one has no room', async () => {
      const r = run();
      const store = await seeded(factory, 0);
      await store.acquire(call('x', 10, pockets('subscription_only', [1, [window(r, 'first@0', 10)]])));
      await store.applyLedgerChanges(settledBy('x'));
      const next = await store.acquire(call('y', 10, pockets('subscription_only', [1, [window(r, 'first@0', 10)]], [2, [window(r, 'second', 10)]])));
      expect(next).toMatchObject({ ok: true, subscriptionId: 2 });
      expect(await store.acquire(call('z', 10, pockets('subscription_only', [1, [window(r, 'first@1', 10)]])))).toMatchObject({ ok: true, subscriptionId: 1 });
      expect(await store.acquire(call('ended', 1, pockets('subscription_only', [1, [window(r, 'gone', 10, Date.now() - 1)]])))).toEqual({ ok: false, reason: 'subscription_quota' });
    });

    it("takes an owed subscription hold that expired again from its windows, not the wallet; settled, the windows keep it", async () => {
      const r = run();
      const store = await seeded(factory, 50);
      const w = window(r, 'w', 30);
      const p = pockets('subscription_first', [7, [w]]);
      // A fresh store (a restart that outlasted the hold) is told of a spooled call of 20 the subscription paid.
      await store.keep([{ holdId: 'spooled', userId: USER, tokenId: TOKEN, amount: 20, windows: [{ key: w.key, endsAt: w.endsAt }] }], MINUTE);
      expect({ counted: await store.counted(USER, [w]), wallet: await store.available(USER) }).toEqual({ counted: [20], wallet: 50 });
      await store.applyLedgerChanges(settledBy('spooled'));
      expect({ counted: await store.counted(USER, [w]), wallet: await store.available(USER) }).toEqual({ counted: [20], wallet: 50 });
      // 30 - 20 leaves 10 in the window: a call of 11 goes to the wallet.
      expect(await store.acquire(call('next', 11, p))).toEqual({ ok: true, granted: 11 });
      expect(await store.acquire(call('fits', 10, p))).toEqual({ ok: true, granted: 10, subscriptionId: 7 });
    });

    it('60 calls at once on windows worth 10 and a wallet worth 5: 15 served, each from one pocket, nothing below zero', async () => {
      const r = run();
      const store = await seeded(factory, 50);
      const p = pockets('subscription_first', [9, [window(r, 'w', 100), window(r, 'week', 1000)]]);
      const results = await Promise.all(Array.from({ length: 60 }, (_, i) => store.acquire(call(`b${i}`, 10, p))));
      const served = results.filter((x) => x.ok);
      expect(served.filter((x) => x.ok && x.subscriptionId === 9)).toHaveLength(10);
      expect(served.filter((x) => x.ok && x.subscriptionId === undefined)).toHaveLength(5);
      expect(await store.available(USER)).toBe(0);
    });
  });
}
