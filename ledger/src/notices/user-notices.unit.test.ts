import { describe, expect, it } from 'vitest';
import type { BalancesChanged } from '../ports/balance-store.js';
import { userNoticesOf } from './user-notices.js';

const balance = (userId: number, quota: number) => ({ userId, quota, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 });

describe('userNoticesOf', () => {
  it('given a batch over two users and a token edit, when split, then each user hears their balance and their events only', () => {
    const changes: BalancesChanged = {
      users: [balance(3, 90), balance(7, 10)],
      tokens: [{ tokenId: 5, userId: 3, remainQuota: 40, usedQuota: 10, unlimited: false }],
      channels: [],
      settledHolds: [{ holdId: 'hold-1', userId: 3 }],
      appliedEvents: [
        { eventId: 'a', userId: 3 },
        { eventId: 'b', userId: 7 },
        { eventId: 'c', userId: 3 },
        { eventId: 'd', userId: null },
      ],
    };
    expect(userNoticesOf(changes)).toEqual([
      { userId: 3, balance: balance(3, 90), appliedEventIds: ['a', 'c'] },
      { userId: 7, balance: balance(7, 10), appliedEventIds: ['b'] },
      { userId: null, balance: null, appliedEventIds: ['d'] },
    ]);
  });

  it('given a batch that applied nothing, when split, then there is no notice', () => {
    expect(userNoticesOf({ users: [], tokens: [], channels: [], settledHolds: [], appliedEvents: [] })).toEqual([]);
  });
});
