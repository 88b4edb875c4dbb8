import { describe, expect, it } from 'vitest';
import type { BalancesChanged } from '../../ports/balance-store.js';
import { createInProcessBalanceNotifier } from './in-process-balance-notifier.js';

const changes: BalancesChanged = {
  users: [{ userId: 1, quota: 70, usedQuota: 30, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 }],
  tokens: [],
  channels: [],
  settledHolds: [{ holdId: 'hold-1', userId: 1 }],
  appliedEventIds: ['event-1'],
};

describe('InProcessBalanceNotifier', () => {
  it('tells every subscribed listener, and no longer one that unsubscribed', async () => {
    const notifier = createInProcessBalanceNotifier();
    const heard: string[] = [];
    notifier.subscribe(() => heard.push('first'));
    const unsubscribe = notifier.subscribe(() => heard.push('second'));
    await notifier.publish(changes);
    unsubscribe();
    await notifier.publish(changes);
    expect(heard).toEqual(['first', 'second', 'first']);
  });

  it('still tells the other listeners when one throws, then reports the failure', async () => {
    const notifier = createInProcessBalanceNotifier();
    const heard: BalancesChanged[] = [];
    notifier.subscribe(() => {
      throw new Error('listener bug');
    });
    notifier.subscribe((pushed) => heard.push(pushed));
    await expect(notifier.publish(changes)).rejects.toBeInstanceOf(AggregateError);
    expect(heard).toEqual([changes]);
  });

  it('drops every listener on close', async () => {
    const notifier = createInProcessBalanceNotifier();
    let calls = 0;
    notifier.subscribe(() => calls++);
    await notifier.close();
    await notifier.publish(changes);
    expect(calls).toBe(0);
  });
});
