import { describe, expect, it } from 'vitest';
import type { UserNotice } from '../../ports/balance-notifier.js';
import type { BalancesChanged } from '../../ports/balance-store.js';
import { createInProcessBalanceNotifier } from './in-process-balance-notifier.js';

const changes: BalancesChanged = {
  users: [{ userId: 1, quota: 70, usedQuota: 30, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 }],
  tokens: [],
  channels: [],
  settledHolds: [{ holdId: 'hold-1', userId: 1 }],
  appliedEvents: [{ eventId: 'event-1', userId: 1 }],
};

describe('InProcessBalanceNotifier', () => {
  it('still tells the other followers when one throws, then reports the failure', async () => {
    const notifier = createInProcessBalanceNotifier();
    const heard: UserNotice[] = [];
    notifier.followUser(1, () => {
      throw new Error('listener bug');
    });
    notifier.followUser(1, (notice) => heard.push(notice));
    await expect(notifier.publish(changes)).rejects.toBeInstanceOf(AggregateError);
    expect(heard.map((notice) => notice.appliedEventIds)).toEqual([['event-1']]);
  });

  it('drops every follower on close', async () => {
    const notifier = createInProcessBalanceNotifier();
    let calls = 0;
    notifier.followUser(1, () => calls++);
    await notifier.close();
    await notifier.publish(changes);
    expect(calls).toBe(0);
  });
});
