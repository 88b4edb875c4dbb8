import { describe, expect, it } from 'vitest';
import { affQuotaMigrated, affQuotaTransferred, inviterRewarded, openingBalanceRecorded, quotaAdjusted, quotaGranted, taskRefunded, tokenQuotaSet, usageRecorded } from '../testing/event-builders.js';
import { settledHoldOf } from './evolve.js';
import { given } from './projection-spec.js';

const alice = { userId: 1, quota: 1000, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 };
const aliceToken = { tokenId: 10, userId: 1, remainQuota: 500, usedQuota: 0, unlimited: false };

describe('UsageRecorded', () => {
  it('debits the user, the token and the channel by the cost, and counts the request', () => {
    given(quotaGranted({ amount: 1000 }), tokenQuotaSet({ remainQuota: 500 }))
      .when(usageRecorded({ quota: 30 }))
      .then({
        user: { ...alice, quota: 970, usedQuota: 30, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 },
        token: { ...aliceToken, remainQuota: 470, usedQuota: 30 },
        channel: { channelId: 100, usedQuota: 30 },
      });
  });

  it('leaves the remaining quota of an unlimited token alone but still counts its use', () => {
    given(quotaGranted({ amount: 1000 }), tokenQuotaSet({ remainQuota: 0, unlimited: true }))
      .when(usageRecorded({ quota: 30 }))
      .then({
        user: { ...alice, quota: 970, usedQuota: 30, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 },
        token: { ...aliceToken, remainQuota: 0, usedQuota: 30, unlimited: true },
        channel: { channelId: 100, usedQuota: 30 },
      });
  });

  it('drives balances negative rather than reject usage that was admitted', () => {
    given(quotaGranted({ amount: 10 }), tokenQuotaSet({ remainQuota: 5 }))
      .when(usageRecorded({ quota: 30 }))
      .then({
        user: { ...alice, quota: -20, usedQuota: 30, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 },
        token: { ...aliceToken, remainQuota: -25, usedQuota: 30 },
        channel: { channelId: 100, usedQuota: 30 },
      });
  });

  it('bills only the user when the request used no token and no channel (id 0)', () => {
    given(quotaGranted({ amount: 100 }))
      .when(usageRecorded({ quota: 30, tokenId: 0, channelId: 0 }))
      .then({ user: { ...alice, quota: 70, usedQuota: 30, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 } });
  });

  it('opens a token seen first through usage under the user who used it', () => {
    given()
      .when(usageRecorded({ userId: 7, tokenId: 70, quota: 5 }))
      .then({
        user: { userId: 7, quota: -5, usedQuota: 5, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 },
        token: { tokenId: 70, userId: 7, remainQuota: -5, usedQuota: 5, unlimited: false },
        channel: { channelId: 100, usedQuota: 5 },
      });
  });
});

describe('QuotaAdjusted', () => {
  it('adds a negative delta to the user quota', () => {
    given(quotaGranted({ amount: 1000 }), usageRecorded({ quota: 30 }))
      .when(quotaAdjusted({ delta: -400 }))
      .then({ user: { ...alice, quota: 570, usedQuota: 30, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 } });
  });

  it('debits a held decrease like any other and settles the hold the gateway took for it', () => {
    const decrease = quotaAdjusted({ delta: -400, holdId: 'admin-1' });
    given(quotaGranted({ amount: 1000 }))
      .when(decrease)
      .then({ user: { ...alice, quota: 600 } });
    expect(settledHoldOf(decrease)).toEqual({ holdId: 'admin-1', userId: 1 });
  });

  it('settles no hold for an adjustment without one (an increase, an event from before holds)', () => {
    expect(settledHoldOf(quotaAdjusted({ delta: 250 }))).toBeNull();
  });
});

describe('QuotaGranted', () => {
  it('adds the amount to the quota of a user never seen before', () => {
    given()
      .when(quotaGranted({ userId: 2, amount: 500 }))
      .then({ user: { userId: 2, quota: 500, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 } });
  });
});

describe('TokenQuotaSet', () => {
  it('sets remaining quota and unlimited, records the owner and keeps the used quota', () => {
    given(tokenQuotaSet({ remainQuota: 500 }), usageRecorded({ quota: 30 }))
      .when(tokenQuotaSet({ remainQuota: 2000, unlimited: true }))
      .then({ token: { ...aliceToken, remainQuota: 2000, usedQuota: 30, unlimited: true } });
  });

  it('sets a lowered remaining quota and settles the hold the gateway took for the lowering', () => {
    const lowering = tokenQuotaSet({ remainQuota: 100, holdId: 'token-1' });
    given(tokenQuotaSet({ remainQuota: 500 }))
      .when(lowering)
      .then({ token: { ...aliceToken, remainQuota: 100 } });
    expect(settledHoldOf(lowering)).toEqual({ holdId: 'token-1', userId: 1 });
    expect(settledHoldOf(tokenQuotaSet({ remainQuota: 900 }))).toBeNull();
  });
});

describe('TaskRefunded', () => {
  it('gives a failed task its charge back on the user, the token and the channel, keeping the request counted', () => {
    given(quotaGranted({ amount: 1000 }), tokenQuotaSet({ remainQuota: 500 }), usageRecorded({ quota: 30 }))
      .when(taskRefunded({ quota: 30 }))
      .then({
        user: { ...alice, quota: 1000, usedQuota: 0, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 },
        token: { ...aliceToken, remainQuota: 500, usedQuota: 0 },
        channel: { channelId: 100, usedQuota: 0 },
      });
  });
});

describe('InviterRewarded', () => {
  it('credits the invite account, its history and the invitee count, leaving the quota alone', () => {
    given(quotaGranted({ amount: 1000 }), inviterRewarded({ amount: 500 }))
      .when(inviterRewarded({ amount: 200, inviteeId: 3 }))
      .then({ user: { ...alice, affQuota: 700, affHistoryQuota: 700, affCount: 2 } });
  });
});

describe('AffQuotaTransferred', () => {
  it('moves the amount from the invite account into the quota; the history and count stay', () => {
    given(quotaGranted({ amount: 1000 }), inviterRewarded({ amount: 500 }))
      .when(affQuotaTransferred({ amount: 300 }))
      .then({ user: { ...alice, quota: 1300, affQuota: 200, affHistoryQuota: 500, affCount: 1 } });
  });

  it('settles the invite hold the gateway took for it', () => {
    expect(settledHoldOf(affQuotaTransferred({ holdId: 'aff-1' }))).toEqual({ holdId: 'aff-1', userId: 1 });
  });
});

describe('AffQuotaMigrated', () => {
  it('adds what the user document held to the invite account', () => {
    given(inviterRewarded({ amount: 100 }))
      .when(affQuotaMigrated({ affQuota: 700, affHistoryQuota: 900, affCount: 3 }))
      .then({ user: { ...alice, quota: 0, affQuota: 800, affHistoryQuota: 1000, affCount: 4 } });
  });
});

describe('OpeningBalanceRecorded', () => {
  const openedUser = { kind: 'user', quota: 5000, usedQuota: 1200, requestCount: 42, affQuota: 30, affHistoryQuota: 90, affCount: 2 } as const;

  it('opens a user account with the quota, used quota, request count and invite account it held', () => {
    given()
      .when(openingBalanceRecorded(openedUser))
      .then({ user: { ...alice, quota: 5000, usedQuota: 1200, requestCount: 42, affQuota: 30, affHistoryQuota: 90, affCount: 2 } });
  });

  it('is the start later usage is debited from', () => {
    given(openingBalanceRecorded(openedUser))
      .when(usageRecorded({ quota: 30, tokenId: 0, channelId: 0 }))
      .then({ user: { ...alice, quota: 4970, usedQuota: 1230, requestCount: 43, affQuota: 30, affHistoryQuota: 90, affCount: 2 } });
  });

  it('opens a token under its owner with its remaining and used quota and unlimited flag', () => {
    given()
      .when(openingBalanceRecorded({ kind: 'token', tokenId: 10, remainQuota: 800, usedQuota: 200, unlimited: true }))
      .then({ token: { ...aliceToken, remainQuota: 800, usedQuota: 200, unlimited: true } });
  });

  it('opens a channel with the quota used through it, touching no user', () => {
    given()
      .when(openingBalanceRecorded({ kind: 'channel', channelId: 100, usedQuota: 7000 }, 0))
      .then({ channel: { channelId: 100, usedQuota: 7000 } });
  });
});
