import { describe, expect, it } from 'vitest';
import { quotaDeltaOf, movementOf } from '../statement/movement.js';
import { quotaGranted, subscriptionPurchased, tokenQuotaSet, usageRecorded } from '../testing/event-builders.js';
import { settledHoldOf } from './evolve.js';
import { given } from './projection-spec.js';

const alice = { userId: 1, quota: 1000, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 };
const aliceToken = { tokenId: 10, userId: 1, remainQuota: 500, usedQuota: 0, unlimited: false };

describe('subscriptions in the ledger (issue #41)', () => {
  it('a call a subscription paid takes nothing from the wallet, but counts in used quota, requests, the token and the channel', () => {
    given(quotaGranted({ amount: 1000 }), tokenQuotaSet({ remainQuota: 500 }))
      .when(usageRecorded({ quota: 30, subscriptionId: 5 }))
      .then({
        user: { ...alice, quota: 1000, usedQuota: 30, requestCount: 1 },
        token: { ...aliceToken, remainQuota: 470, usedQuota: 30 },
        channel: { channelId: 100, usedQuota: 30 },
      });
  });

  it('a purchase with the wallet takes its price and settles the hold that reserved it', () => {
    const purchase = subscriptionPurchased({ price: 400 });
    given(quotaGranted({ amount: 1000 })).when(purchase).then({ user: { ...alice, quota: 600 } });
    expect(settledHoldOf(purchase)).toEqual({ holdId: purchase.data.holdId, userId: 1 });
  });

  it('statements show the purchase as a subscription line and a subscription call as consumption that moved no quota', () => {
    expect(movementOf(subscriptionPurchased({ price: 400 }))).toMatchObject({ kind: 'subscription', quota: -400 });
    expect(quotaDeltaOf(usageRecorded({ quota: 30, subscriptionId: 5 }))).toBe(0);
    expect(quotaDeltaOf(usageRecorded({ quota: 30 }))).toBe(-30);
  });
});
