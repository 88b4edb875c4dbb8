import type { BalancesChanged } from '@tollgate/ledger';
import { createInProcessBalanceNotifier } from '@tollgate/ledger/in-process';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HoldStore } from '../ports/hold-store.js';
import type { LiveFanout } from '../ports/live-fanout.js';
import { followLedger, mergeBalancesChanged } from './ledger-follower.js';

const user = (userId: number, quota: number) => ({ userId, quota, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 });
const token = (tokenId: number, remainQuota: number) => ({ tokenId, userId: 1, remainQuota, usedQuota: 0, unlimited: false });
const hold = (holdId: string) => ({ holdId, userId: 1 });
const changes = (partial: Partial<BalancesChanged>): BalancesChanged => ({ users: [], tokens: [], channels: [], settledHolds: [], appliedEventIds: [], ...partial });

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

describe('followLedger', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps what hot state refused (Redis away), merged with what comes meanwhile, and applies it once Redis is back', async () => {
    const notifier = createInProcessBalanceNotifier();
    let redisUp = false;
    const applied: BalancesChanged[] = [];
    const holds = {
      applyLedgerChanges: async (batch: BalancesChanged) => {
        if (!redisUp) throw new Error("Reached the max retries per request limit (which is 20). Refer to \"maxRetriesPerRequest\" option for details.");
        applied.push(batch);
      },
    } as Pick<HoldStore, 'applyLedgerChanges'> as HoldStore;
    const pushed: number[] = [];
    const fanout = { toUser: (userId: number) => pushed.push(userId) } as unknown as LiveFanout;
    const log = { error: vi.fn() };
    const stop = followLedger({ notifier, holds }, fanout, log);

    await notifier.publish(changes({ users: [user(1, 100)], settledHolds: [hold('h1')] }));
    await vi.advanceTimersByTimeAsync(0);
    await notifier.publish(changes({ users: [user(1, 90), user(2, 50)], settledHolds: [hold('h2')] }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(applied).toEqual([]);
    expect(log.error).toHaveBeenCalled();
    expect(log.error.mock.calls[0]![0]).toEqual({ err: expect.any(Error), task: "apply the ledger's changes to hot state" });
    expect(pushed).toContain(1); // consoles are told the ledger's balance whatever hot state did

    redisUp = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(applied).toEqual([changes({ users: [user(1, 90), user(2, 50)], settledHolds: [hold('h1'), hold('h2')] })]);
    stop();
  });
});
