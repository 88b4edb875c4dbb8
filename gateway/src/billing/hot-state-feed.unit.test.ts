import { EventEmitter } from 'node:events';
import type { BalancesChanged, UserNotice } from '@tollgate/ledger';
import { createInProcessBalanceNotifier } from '@tollgate/ledger/in-process';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInProcessHoldStore } from '../adapters/in-process/hold-store.js';
import { followLedger } from '../live/ledger-follower.js';
import type { HoldStore } from '../ports/hot-state/hold-store.js';
import type { LiveFanout } from '../ports/live-fanout.js';
import { feedingHotState, mergeBalancesChanged } from './hot-state-feed.js';

const user = (userId: number, quota: number, affQuota = 0) => ({ userId, quota, usedQuota: 0, requestCount: 0, affQuota, affHistoryQuota: 0, affCount: 0 });
const token = (tokenId: number, remainQuota: number) => ({ tokenId, userId: 1, remainQuota, usedQuota: 0, unlimited: false });
const hold = (holdId: string) => ({ holdId, userId: 1 });
const changes = (partial: Partial<BalancesChanged>): BalancesChanged => ({ users: [], tokens: [], channels: [], settledHolds: [], appliedEvents: [], ...partial });

describe('mergeBalancesChanged', () => {
  it('keeps the newest balance per account and every settled hold', () => {
    const older = changes({ users: [user(1, 10), user(2, 20)], tokens: [token(5, 1)], settledHolds: [hold('a'), hold('b')] });
    const newer = changes({ users: [user(1, 7)], tokens: [token(5, 0)], channels: [{ channelId: 3, usedQuota: 9 }], settledHolds: [hold('b'), hold('c')] });
    const merged = mergeBalancesChanged(older, newer);
    expect(merged.users).toEqual([user(1, 7), user(2, 20)]);
    expect(merged.tokens).toEqual([token(5, 0)]);
    expect(merged.channels).toEqual([{ channelId: 3, usedQuota: 9 }]);
    expect(merged.settledHolds).toEqual([hold('a'), hold('b'), hold('c')]);
  });
});

describe('feedingHotState', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("applies the ledger's batch to the holds and the invite holds once, where it was applied, and the user's followers still hear it", async () => {
    const [holds, inviteHolds] = [createInProcessHoldStore(), createInProcessHoldStore()];
    const notifier = feedingHotState(createInProcessBalanceNotifier(), { holds, inviteHolds }, { error: vi.fn() });
    const pushed: number[] = [];
    const consoleOfUser1 = Object.assign(new EventEmitter(), { rooms: new Map([['user:1', new Set(['socket-a'])]]) });
    const stop = followLedger(notifier, consoleOfUser1, { toUser: (userId: number) => pushed.push(userId) } as unknown as LiveFanout, { error: vi.fn() });
    const heard: UserNotice[] = [];
    notifier.followUser(1, (notice) => heard.push(notice));
    await holds.seed([user(1, 500)], [token(5, 50)]);
    await holds.acquire({ holdId: 'call', userId: 1, tokenId: 5, least: 30, most: 30, ttlMs: 60_000 });
    await notifier.publish(changes({ users: [user(1, 100, 7)], tokens: [token(5, 20)], settledHolds: [hold('call')], appliedEvents: [{ eventId: 'e1', userId: 1 }] }));
    await vi.advanceTimersByTimeAsync(0);
    expect([await holds.available(1), await inviteHolds.available(1), pushed]).toEqual([100, 7, [1]]);
    expect(await holds.acquire({ holdId: 'next', userId: 1, tokenId: 5, least: 21, most: 21, ttlMs: 60_000 })).toEqual({ ok: false, reason: 'token_quota' });
    // The user's followers hear what they read: the balance for consoles, the event ids for requests waiting on them.
    expect(heard).toEqual([{ userId: 1, balance: user(1, 100, 7), appliedEventIds: ['e1'] }]);
    stop();
    await notifier.close();
  });

  it('keeps what hot state refused (Redis away), merged with what comes meanwhile, and applies it once Redis is back', async () => {
    let redisUp = false;
    const applied: BalancesChanged[] = [];
    const holds = {
      applyLedgerChanges: async (batch: BalancesChanged) => {
        if (!redisUp) throw new Error("Reached the max retries per request limit (which is 20). Refer to \"maxRetriesPerRequest\" option for details.");
        applied.push(batch);
      },
    } as Pick<HoldStore, 'applyLedgerChanges'> as HoldStore;
    const log = { error: vi.fn() };
    const notifier = feedingHotState(createInProcessBalanceNotifier(), { holds, inviteHolds: createInProcessHoldStore() }, log);
    const heard: UserNotice[] = [];
    notifier.followUser(1, (notice) => heard.push(notice));

    await notifier.publish(changes({ users: [user(1, 100)], settledHolds: [hold('h1')] }));
    await vi.advanceTimersByTimeAsync(0);
    await notifier.publish(changes({ users: [user(1, 90), user(2, 50)], settledHolds: [hold('h2')] }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(applied).toEqual([]);
    expect(log.error.mock.calls[0]![0]).toEqual({ err: expect.any(Error), task: "apply the ledger's changes to hot state" });
    expect(heard).toHaveLength(2); // the followers are told whatever hot state did

    redisUp = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(applied).toEqual([changes({ users: [user(1, 90), user(2, 50)], settledHolds: [hold('h1'), hold('h2')] })]);
    await notifier.close();
  });
});
