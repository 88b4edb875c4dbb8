import type { BalancesChanged } from '@tollgate/ledger';
import { describe, expect, it } from 'vitest';
import type { HoldStore } from './hold-store.js';

const USER = 7;
const TOKEN = 70;
const MINUTE = 60_000;

function changes(partial: Partial<BalancesChanged>): BalancesChanged {
  return { users: [], tokens: [], channels: [], settledHolds: [], appliedEvents: [], ...partial };
}

async function seeded(factory: () => Promise<HoldStore>, quota: number, remain = 1_000_000, unlimited = false): Promise<HoldStore> {
  const store = await factory();
  await store.seed([{ userId: USER, quota, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], [{ tokenId: TOKEN, userId: USER, remainQuota: remain, usedQuota: 0, unlimited }]);
  return store;
}

/** A hold that must cover `amount` exactly (least = most), or a range when `most` is given. */
const hold = (holdId: string, amount: number, ttlMs = MINUTE, most = amount) => ({ holdId, userId: USER, tokenId: TOKEN, least: amount, most, ttlMs });
const range = (holdId: string, least: number, most: number) => hold(holdId, least, MINUTE, most);
/** A hold of USER's, as a release or the ledger names it. */
const settled = (holdId: string) => ({ holdId, userId: USER });

/** Every HoldStore adapter (in-process, Redis) must pass this suite. */
export function runHoldStoreContract(name: string, factory: () => Promise<HoldStore>): void {
  describe(`HoldStore contract: ${name}`, () => {
    it('asks to be seeded before it knows a balance', async () => {
      const store = await factory();
      expect(await store.acquire(hold('h1', 10))).toEqual({ ok: false, reason: 'balance_unknown' });
    });

    it('lets a user with quota for one request run one, not two in parallel', async () => {
      const store = await seeded(factory, 100);
      const results = await Promise.all([store.acquire(hold('a', 80)), store.acquire(hold('b', 80))]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results).toContainEqual({ ok: false, reason: 'user_quota' });
      expect(await store.available(USER)).toBe(20);
    });

    it("checks the token's remaining quota unless it is unlimited", async () => {
      const limited = await seeded(factory, 1000, 50);
      expect(await limited.acquire(hold('t', 60))).toEqual({ ok: false, reason: 'token_quota' });
      const unlimited = await seeded(factory, 1000, 0, true);
      expect(await unlimited.acquire(hold('u', 60))).toEqual({ ok: true, granted: 60 });
    });

    it('tracks an unlimited token\'s holds, so turning it limited below what its calls in flight hold is refused', async () => {
      const store = await seeded(factory, 1_000, 0, true);
      await store.acquire(hold('a', 60));
      await store.acquire(hold('b', 30));
      expect(await store.limitToken({ holdId: 'lim-low', tokenId: TOKEN, userId: USER, remain: 89, ttlMs: MINUTE })).toEqual({ ok: false, held: 90 });
      expect(await store.acquire(hold('c', 500))).toEqual({ ok: true, granted: 500 });
      await store.release(settled('c'));
      expect(await store.limitToken({ holdId: 'lim', tokenId: TOKEN, userId: USER, remain: 100, ttlMs: MINUTE })).toEqual({ ok: true });
      expect(await store.acquire(range('d', 5, 20))).toEqual({ ok: true, granted: 10 });
      expect(await store.acquire(hold('e', 1))).toEqual({ ok: false, reason: 'token_quota' });
    });

    it('keeps a token limited from limitToken until the ledger limits it, whatever older balances say meanwhile', async () => {
      const store = await seeded(factory, 1_000, 0, true);
      await store.acquire(hold('flight', 40));
      await store.limitToken({ holdId: 'lim', tokenId: TOKEN, userId: USER, remain: 50, ttlMs: MINUTE });
      const unlimitedEcho = { tokenId: TOKEN, userId: USER, remainQuota: -40, usedQuota: 40, unlimited: true };
      await store.applyLedgerChanges(changes({ tokens: [unlimitedEcho] }));
      expect(await store.acquire(hold('over', 11))).toEqual({ ok: false, reason: 'token_quota' });
      const limited = { tokenId: TOKEN, userId: USER, remainQuota: 50, usedQuota: 40, unlimited: false };
      await store.applyLedgerChanges(changes({ tokens: [limited], settledHolds: [settled('lim')] }));
      expect(await store.acquire(hold('over', 11))).toEqual({ ok: false, reason: 'token_quota' });
      expect(await store.acquire(hold('fits', 10))).toEqual({ ok: true, granted: 10 });
    });

    it('frees a limit hold that expired (its gateway died before the ledger limited the token)', async () => {
      const store = await seeded(factory, 1_000, 0, true);
      await store.limitToken({ holdId: 'lost', tokenId: TOKEN, userId: USER, remain: 10, ttlMs: 30 });
      expect(await store.acquire(hold('capped', 20))).toEqual({ ok: false, reason: 'token_quota' });
      await new Promise((r) => setTimeout(r, 60));
      expect(await store.acquire(hold('free', 500))).toEqual({ ok: true, granted: 500 });
    });

    it('frees a released hold, and an adjusted hold holds the new amount', async () => {
      const store = await seeded(factory, 100);
      await store.acquire(hold('a', 90));
      await store.release(settled('a'));
      expect(await store.available(USER)).toBe(100);
      await store.acquire(hold('b', 90));
      const afterAdjusting = await store.adjust(settled('b'), 30);
      expect({ afterAdjusting, available: await store.available(USER), gone: await store.adjust(settled('a'), 5) }).toEqual({ afterAdjusting: 70, available: 70, gone: null });
    });

    it('frees an expired hold (a gateway died mid-request)', async () => {
      const store = await seeded(factory, 100);
      await store.acquire(hold('lost', 100, 30));
      await new Promise((r) => setTimeout(r, 60));
      expect(await store.acquire(hold('next', 100))).toEqual({ ok: true, granted: 100 });
    });

    it('grants the whole range when the balance allows it', async () => {
      const store = await seeded(factory, 1_000);
      expect(await store.acquire(range('r', 10, 400))).toEqual({ ok: true, granted: 400 });
      expect(await store.available(USER)).toBe(600);
    });

    it('grants what is left, down to the least, and refuses below the least', async () => {
      const store = await seeded(factory, 1_000);
      await store.acquire(hold('big', 700));
      expect(await store.acquire(range('rest', 50, 500))).toEqual({ ok: true, granted: 300 });
      expect(await store.acquire(range('none', 1, 500))).toEqual({ ok: false, reason: 'user_quota' });
      expect(await store.available(USER)).toBe(0);
    });

    it("grants no more than the token's remaining quota, and refuses below the least", async () => {
      const store = await seeded(factory, 1_000, 120);
      expect(await store.acquire(range('a', 10, 100))).toEqual({ ok: true, granted: 100 });
      expect(await store.acquire(range('b', 10, 100))).toEqual({ ok: true, granted: 20 });
      expect(await store.acquire(range('c', 10, 100))).toEqual({ ok: false, reason: 'token_quota' });
      expect(await store.available(USER)).toBe(880);
    });

    it('never grants more than the balance to many ranges at once: the grants sum to the quota exactly', async () => {
      const store = await seeded(factory, 1_020); // 11 whole ranges of 90, then one of its least, 30
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => store.acquire(range(`p${i}`, 30, 90))));
      const granted = results.reduce((sum, r) => sum + (r.ok ? r.granted : 0), 0);
      expect({ granted, servedAtLeastLeast: results.every((r) => !r.ok || r.granted >= 30), available: await store.available(USER) }).toEqual({ granted: 1_020, servedAtLeastLeast: true, available: 0 });
    });

    it('keeps an owed hold past its time, and takes again one that expired, whatever the balance', async () => {
      const store = await seeded(factory, 100);
      await store.acquire(hold('spooled', 60, 40));
      await store.keep([{ holdId: 'spooled', userId: USER, tokenId: TOKEN, amount: 60 }], MINUTE);
      await store.acquire(hold('lapsed', 40, 20));
      await new Promise((r) => setTimeout(r, 80));
      expect(await store.available(USER)).toBe(40);
      await store.keep([{ holdId: 'lapsed', userId: USER, tokenId: TOKEN, amount: 70 }], MINUTE);
      expect(await store.available(USER)).toBe(-30);
      await store.applyLedgerChanges(changes({ settledHolds: [settled('spooled'), settled('lapsed')] }));
      expect(await store.available(USER)).toBe(100);
    });

    it("follows the ledger: the new balance and the settled hold in one step", async () => {
      const store = await seeded(factory, 100);
      await store.acquire(hold('spent', 40));
      await store.adjust(settled('spent'), 25);
      await store.applyLedgerChanges(changes({ users: [{ userId: USER, quota: 75, usedQuota: 25, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], settledHolds: [settled('spent')] }));
      expect(await store.available(USER)).toBe(75);
    });

    it("holds a user's quota alone (no token balance needed), or a token's alone (its owner's quota untouched)", async () => {
      const store = await factory();
      await store.seed([{ userId: USER, quota: 100, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], []);
      expect(await store.acquire({ ...hold('debit', 60), tokenId: 0, scope: 'user' })).toEqual({ ok: true, granted: 60 });
      expect(await store.acquire({ ...hold('token-cut', 10), scope: 'token' })).toEqual({ ok: false, reason: 'balance_unknown' });
      await store.seed([], [{ tokenId: TOKEN, userId: USER, remainQuota: 500, usedQuota: 0, unlimited: false }]);
      expect(await store.acquire({ ...range('token-cut', 0, 900), scope: 'token' })).toEqual({ ok: true, granted: 500 });
      expect(await store.available(USER)).toBe(40);
      expect(await store.acquire(hold('call', 1))).toEqual({ ok: false, reason: 'token_quota' });
      await store.applyLedgerChanges(changes({ settledHolds: [settled('token-cut')] }));
      expect(await store.acquire(hold('call', 40))).toEqual({ ok: true, granted: 40 });
      expect(await store.available(USER)).toBe(0);
    });

    it("keeps users apart: one batch of the ledger's changes sets each user's balance and settles each user's holds", async () => {
      const store = await seeded(factory, 100);
      const other = { userId: USER + 1, quota: 50, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 };
      await store.seed([other], [{ tokenId: TOKEN + 1, userId: other.userId, remainQuota: 0, usedQuota: 0, unlimited: true }]);
      await store.acquire(hold('mine', 100));
      await store.acquire({ holdId: 'theirs', userId: other.userId, tokenId: TOKEN + 1, least: 50, most: 50, ttlMs: MINUTE });
      expect([await store.available(USER), await store.available(other.userId)]).toEqual([0, 0]);
      const user = { userId: USER, quota: 10, usedQuota: 90, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 };
      await store.applyLedgerChanges(changes({ users: [user, { ...other, quota: 20 }], settledHolds: [settled('mine'), { holdId: 'theirs', userId: other.userId }] }));
      expect([await store.available(USER), await store.available(other.userId)]).toEqual([10, 20]);
    });

    it('keeps a quota as large as Number.MAX_SAFE_INTEGER exact', async () => {
      const store = await seeded(factory, Number.MAX_SAFE_INTEGER, 300);
      expect(await store.acquire(range('lowering', 0, 500))).toEqual({ ok: true, granted: 300 });
      expect(await store.acquire(hold('more', 1))).toEqual({ ok: false, reason: 'token_quota' });
      expect(await store.available(USER)).toBe(Number.MAX_SAFE_INTEGER - 300);
    });

    it('keeps a newer balance from the ledger when seeded again with an older one', async () => {
      const store = await seeded(factory, 100);
      await store.applyLedgerChanges(changes({ users: [{ userId: USER, quota: 500, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }] }));
      await store.seed([{ userId: USER, quota: 100, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], []);
      expect(await store.available(USER)).toBe(500);
    });

    it('keeps the newest announced balance whatever order two ledger processes announce in; an unversioned one is taken as it comes', async () => {
      const store = await seeded(factory, 100, 1_000);
      const user = (quota: number, version?: number) => ({ userId: USER, quota, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0, version });
      const token = (remainQuota: number, version?: number) => ({ tokenId: TOKEN, userId: USER, remainQuota, usedQuota: 0, unlimited: false, version });
      await store.applyLedgerChanges(changes({ users: [user(60, 9)], tokens: [token(40, 9)] }));
      await store.applyLedgerChanges(changes({ users: [user(80, 8)], tokens: [token(90, 8)], settledHolds: [] }));
      expect(await store.available(USER), 'the older announcement, come late, is not taken').toBe(60);
      expect(await store.acquire(hold('capped', 41))).toEqual({ ok: false, reason: 'token_quota' });
      await store.applyLedgerChanges(changes({ users: [user(55, 9)] }));
      expect(await store.available(USER), 'the same version again changes nothing').toBe(60);
      await store.applyLedgerChanges(changes({ users: [user(50, 10)] }));
      expect(await store.available(USER)).toBe(50);
      await store.applyLedgerChanges(changes({ users: [user(45)] }));
      expect(await store.available(USER)).toBe(45);
    });
  });
}
