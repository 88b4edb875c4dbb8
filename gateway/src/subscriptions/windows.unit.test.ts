import type { UserSubscription } from '@tollgate/wire';
import { describe, expect, it } from 'vitest';
import { createInProcessHoldStore } from '../adapters/in-process/hold-store.js';
import { pocketsFor } from './pockets.js';
import { planEndTime, windowsAt } from './windows.js';

const HOUR = 3600;
const DAY = 24 * HOUR;
/** 2026-01-31T00:00:00Z: a month's end, where calendar months are easy to get wrong. */
const START = Date.UTC(2026, 0, 31) / 1000;

const sub = (windows: UserSubscription['windows'], end = START + 90 * DAY, overrides: Partial<UserSubscription> = {}): UserSubscription => ({
  id: 7, user_id: 1, plan_id: 1, start_time: START, end_time: end, status: 'active', source: 'admin', windows, model_limits: '', group_limits: '', created_at: START, updated_at: START, ...overrides,
});
const daily = { total_amount: 100, quota_reset_period: 'daily' as const, quota_reset_custom_seconds: 0 };
const fiveHours = { total_amount: 30, quota_reset_period: 'custom' as const, quota_reset_custom_seconds: 5 * HOUR };
const monthly = { total_amount: 1000, quota_reset_period: 'monthly' as const, quota_reset_custom_seconds: 0 };

describe('subscription windows on an injected clock', () => {
  it('a plan ends as new-api counts its duration (calendar months, as Go AddDate)', () => {
    expect(planEndTime({ duration_unit: 'day', duration_value: 3, custom_seconds: 0 }, START)).toBe(START + 3 * DAY);
    // Jan 31 + 1 month normalises to Mar 3, as Go's AddDate does.
    expect(planEndTime({ duration_unit: 'month', duration_value: 1, custom_seconds: 0 }, START)).toBe(Date.UTC(2026, 2, 3) / 1000);
    expect(planEndTime({ duration_unit: 'custom', duration_value: 0, custom_seconds: 0 }, START)).toBeNull();
  });

  it('each window resets on its own boundary, counted from the start, and a new window has a new key', () => {
    const s = sub([daily, fiveHours]);
    const at = (seconds: number) => windowsAt(s, (START + seconds) * 1000);
    expect(at(5 * HOUR - 1).map((w) => w.key)).toEqual([`s7:w0:${START}`, `s7:w1:${START}`]);
    expect(at(5 * HOUR).map((w) => w.key)).toEqual([`s7:w0:${START}`, `s7:w1:${START + 5 * HOUR}`]);
    expect(at(DAY).map((w) => [w.key, w.endsAt])).toEqual([
      [`s7:w0:${START + DAY}`, (START + 2 * DAY) * 1000],
      [`s7:w1:${START + 20 * HOUR}`, (START + 25 * HOUR) * 1000],
    ]);
  });

  it('a monthly window resets on calendar months from the start, and no window outlives the subscription', () => {
    const s = sub([monthly], START + 40 * DAY);
    const [w] = windowsAt(s, (START + 35 * DAY) * 1000);
    const marchThird = Date.UTC(2026, 2, 3) / 1000;
    expect(w).toEqual({ key: `s7:w0:${marchThird}`, limit: 1000, endsAt: (START + 40 * DAY) * 1000 });
  });

  it('a subscription pays from its start until its end, never after: it expires on time', () => {
    const s = sub([daily], START + 2 * DAY);
    const call = { model: 'm', group: 'default' };
    expect(pocketsFor([s], 'subscription_first', call, (START + 2 * DAY - 1) * 1000)?.subscriptions).toHaveLength(1);
    expect(pocketsFor([s], 'subscription_first', call, (START + 2 * DAY) * 1000)).toBeUndefined();
    expect(pocketsFor([s], 'subscription_only', call, (START + 2 * DAY) * 1000)).toEqual({ order: 'subscription_only', subscriptions: [] });
    expect(pocketsFor([sub([daily], START + DAY, { status: 'cancelled' })], 'subscription_first', call, START * 1000)).toBeUndefined();
  });

  it('a plan limited to models or groups covers only their calls; wallet_only never uses a subscription', () => {
    const s = sub([daily], undefined, { model_limits: 'gpt-4o, claude', group_limits: 'vip' });
    expect(pocketsFor([s], 'subscription_first', { model: 'claude', group: 'vip' }, START * 1000)?.subscriptions[0]?.subscriptionId).toBe(7);
    expect(pocketsFor([s], 'subscription_first', { model: 'other', group: 'vip' }, START * 1000)).toBeUndefined();
    expect(pocketsFor([s], 'subscription_first', { model: 'claude', group: 'default' }, START * 1000)).toBeUndefined();
    expect(pocketsFor([s], 'wallet_only', { model: 'claude', group: 'vip' }, START * 1000)).toBeUndefined();
  });

  it('on the hold store: a full window refuses until its boundary, then the next window pays again', async () => {
    const clock = { now: START * 1000 };
    const store = createInProcessHoldStore(() => clock.now);
    await store.seed([{ userId: 1, quota: 0, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], [{ tokenId: 2, userId: 1, remainQuota: 0, usedQuota: 0, unlimited: true }]);
    const s = sub([fiveHours]);
    const call = async (id: string) => {
      const result = await store.acquire({ holdId: id, userId: 1, tokenId: 2, least: 30, most: 30, ttlMs: 60_000, pockets: pocketsFor([s], 'subscription_only', { model: 'm', group: 'g' }, clock.now) });
      if (result.ok) await store.applyLedgerChanges({ users: [], tokens: [], channels: [], appliedEvents: [], settledHolds: [{ holdId: id, userId: 1 }] });
      return result.ok;
    };
    expect(await call('a')).toBe(true);
    clock.now = (START + 5 * HOUR - 1) * 1000;
    expect(await call('b')).toBe(false);
    clock.now = (START + 5 * HOUR) * 1000;
    expect(await call('c')).toBe(true);
    expect(await store.counted(1, windowsAt(s, clock.now))).toEqual([30]);
  });

  it('a restarted store starts a window from the durable record, read once: its own later calls are not counted twice', async () => {
    const clock = { now: START * 1000 };
    const reads: string[] = [];
    const s = sub([fiveHours]);
    const [w] = windowsAt(s, clock.now);
    const record = { counted: (key: string) => (reads.push(key), key === w?.key ? 20 : 0) };
    const store = createInProcessHoldStore(() => clock.now, record);
    await store.seed([{ userId: 1, quota: 0, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], [{ tokenId: 2, userId: 1, remainQuota: 0, usedQuota: 0, unlimited: true }]);
    const call = async (id: string) => {
      const result = await store.acquire({ holdId: id, userId: 1, tokenId: 2, least: 5, most: 5, ttlMs: 60_000, pockets: pocketsFor([s], 'subscription_only', { model: 'm', group: 'g' }, clock.now) });
      if (result.ok) await store.applyLedgerChanges({ users: [], tokens: [], channels: [], appliedEvents: [], settledHolds: [{ holdId: id, userId: 1 }] });
      return result.ok;
    };
    // 30 a window, 20 of it recorded before the restart: two calls of 5 fit, the third does not.
    expect([await call('a'), await call('b'), await call('c')]).toEqual([true, true, false]);
    expect(await store.counted(1, windowsAt(s, clock.now))).toEqual([30]);
    expect(reads).toEqual([w?.key]);
  });
});

