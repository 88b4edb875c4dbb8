import { describe, expect, it } from 'vitest';
import { quotaAdjusted, quotaGranted, stored, tokenQuotaSet, usageRecorded } from '../testing/event-builders.js';
import { recomputeBalances } from './balance-fold.js';
import { compareBalances } from './compare-balances.js';

describe('recomputeBalances', () => {
  it('folds the log into every account it touched', () => {
    const events = stored([
      quotaGranted({ amount: 1000 }),
      tokenQuotaSet({ remainQuota: 300 }),
      usageRecorded({ quota: 40 }),
      quotaAdjusted({ userId: 2, delta: 25 }),
    ]);
    expect(recomputeBalances(events)).toEqual({
      users: [
        { userId: 1, quota: 960, usedQuota: 40, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 },
        { userId: 2, quota: 25, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 },
      ],
      tokens: [{ tokenId: 10, userId: 1, remainQuota: 260, usedQuota: 40, unlimited: false }],
      channels: [{ channelId: 100, usedQuota: 40 }],
    });
  });

  it('counts an event appended twice (same event id, new offset) once', () => {
    const usage = usageRecorded({ quota: 40 });
    expect(recomputeBalances(stored([usage, usage])).users).toEqual([
      { userId: 1, quota: -40, usedQuota: 40, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 },
    ]);
  });
});

describe('compareBalances', () => {
  const expected = recomputeBalances(stored([quotaGranted({ amount: 100 }), usageRecorded({ quota: 10 })]));

  it('finds nothing when the store holds what the log implies', () => {
    expect(compareBalances(expected, expected)).toEqual([]);
  });

  it('names the account and field a tampered balance differs in', () => {
    const tampered = { ...expected, users: [{ userId: 1, quota: 9999, usedQuota: 10, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 }] };
    expect(compareBalances(expected, tampered)).toEqual([
      { account: 'user', id: 1, field: 'quota', expected: 90, actual: 9999 },
    ]);
  });

  it('reports a stored account the log never touched', () => {
    const extra = { ...expected, channels: [...expected.channels, { channelId: 5, usedQuota: 7 }] };
    expect(compareBalances(expected, extra)).toEqual([
      { account: 'channel', id: 5, field: 'usedQuota', expected: 0, actual: 7 },
    ]);
  });
});
