import { describe, expect, it } from 'vitest';
import { newEventMetadata } from '../events/event-metadata.js';
import type { LedgerEvent } from '@tollgate/wire';
import {
  affQuotaMigrated,
  affQuotaTransferred,
  inviterRewarded,
  openingBalanceRecorded,
  quotaAdjusted,
  quotaGranted,
  subscriptionPurchased,
  taskRefunded,
  tokenQuotaSet,
  usageRecorded,
} from '../testing/event-builders.js';
import { type LedgerPeriod, StatementBook } from './statement-book.js';

const DAY = 86_400_000;
const period = { from: 10 * DAY, to: 20 * DAY };

/** `at` sets when an event happened (ms), inside the period unless a test says otherwise. */
function at<E extends LedgerEvent>(occurredAt: number, event: E): E {
  return { ...event, metadata: { ...newEventMetadata(occurredAt), eventId: event.metadata.eventId } };
}

/**
 * Given/when/then over the statement's rule: `given` is the user's history before the period,
 * `when` one event inside it, `then` the user's period (opening, closing, the listed movement).
 */
function given(...before: LedgerEvent[]) {
  return {
    when(event: LedgerEvent) {
      const book = new StatementBook(period);
      for (const earlier of before) book.add(at(DAY, earlier));
      book.add(at(15 * DAY, event));
      return {
        then(expected: Partial<LedgerPeriod> & { kind?: string; quota?: number; actorId?: number | null }) {
          const [user] = book.periods();
          const { kind, quota, actorId, ...rest } = expected;
          expect(user).toMatchObject(rest);
          if (kind !== undefined) expect(user?.movements).toMatchObject([{ kind, quota, actorId: actorId ?? null }]);
        },
      };
    },
  };
}

describe('the statement rule per kind of movement', () => {
  it('an online payment is a credit', () => {
    given(quotaGranted({ amount: 1000 }))
      .when(quotaGranted({ amount: 500, logType: 1, source: 'payment' }))
      .then({ opening: 1000, closing: 1500, kind: 'payment', quota: 500 });
  });

  it('a payment written before `source` existed is known by its order-derived id', () => {
    const old = quotaGranted({ amount: 500, logType: 1 });
    given().when({ ...old, metadata: { ...old.metadata, eventId: 'top-up-T123' } }).then({ closing: 500, kind: 'payment', quota: 500 });
  });

  it('a redemption code is a credit', () => {
    given().when(quotaGranted({ amount: 700, logType: 1, source: 'redemption' })).then({ opening: 0, closing: 700, kind: 'redemption', quota: 700 });
  });

  it('a system grant (new user, invitee bonus) is a credit', () => {
    given().when(quotaGranted({ amount: 300, logType: 4 })).then({ closing: 300, kind: 'grant', quota: 300 });
  });

  it('an admin change carries the admin who made it, credit or debit', () => {
    given(quotaGranted({ amount: 1000 }))
      .when(quotaAdjusted({ delta: -400, adminId: 7 }))
      .then({ opening: 1000, closing: 600, kind: 'admin', quota: -400, actorId: 7 });
  });

  it('an invite reward is listed but moves no quota (it goes to the invite account)', () => {
    given().when(inviterRewarded({ amount: 500 })).then({ closing: 0, kind: 'invite_reward', quota: 0 });
  });

  it('an invite transfer is a credit to the quota', () => {
    given(inviterRewarded({ amount: 500 })).when(affQuotaTransferred({ amount: 300 })).then({ closing: 300, kind: 'invite_transfer', quota: 300 });
  });

  it('a task refund is a credit', () => {
    given(quotaGranted({ amount: 100 }), usageRecorded({ quota: 50 }))
      .when(taskRefunded({ quota: 50 }))
      .then({ opening: 50, closing: 100, kind: 'refund', quota: 50 });
  });

  it('a plan bought from the wallet is a subscription debit of its price (issue #41)', () => {
    given(quotaGranted({ amount: 1000 }))
      .when(subscriptionPurchased({ price: 400 }))
      .then({ opening: 1000, closing: 600, kind: 'subscription', quota: -400 });
  });

  it('a plan paid through a payment provider is listed as a subscription that moves no wallet quota', () => {
    given(quotaGranted({ amount: 1000 }))
      .when(subscriptionPurchased({ price: 0, content: 'Stripe order T9' }))
      .then({ opening: 1000, closing: 1000, kind: 'subscription', quota: 0 });
  });

  it('a call a subscription paid is counted among the calls but takes nothing from the wallet', () => {
    given(quotaGranted({ amount: 100 }))
      .when(usageRecorded({ quota: 30, subscriptionId: 5 }))
      .then({ opening: 100, closing: 100, consumption: 0, requests: 1, movements: [] });
  });

  it('an imported opening balance is a credit', () => {
    const account = { kind: 'user', quota: 2500, usedQuota: 10, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0 } as const;
    given().when(openingBalanceRecorded(account)).then({ closing: 2500, kind: 'opening_import', quota: 2500 });
  });

  it('a call is summed into the consumption, not listed', () => {
    given(quotaGranted({ amount: 100 }))
      .when(usageRecorded({ quota: 30 }))
      .then({ opening: 100, closing: 70, consumption: 30, requests: 1, movements: [] });
  });

  it('a token limit and an invite-account carry-over touch no quota and are not listed', () => {
    const tokenImport = openingBalanceRecorded({ kind: 'token', tokenId: 10, remainQuota: 5, usedQuota: 0, unlimited: false });
    for (const event of [tokenQuotaSet(), affQuotaMigrated(), tokenImport]) {
      given(quotaGranted({ amount: 100 })).when(event).then({ opening: 100, closing: 100, movements: [] });
    }
  });
});

describe('the period', () => {
  it('leaves events after its end out of the closing balance', () => {
    const book = new StatementBook(period);
    book.add(at(DAY, quotaGranted({ amount: 100 })));
    book.add(at(20 * DAY, quotaGranted({ amount: 50 })));
    expect(book.periods()).toMatchObject([{ opening: 100, closing: 100, movements: [] }]);
  });

  it('reconciles: opening + movements − consumption = closing, per user', () => {
    const book = new StatementBook(period);
    book.add(at(DAY, quotaGranted({ userId: 2, amount: 90 })));
    book.add(at(12 * DAY, usageRecorded({ userId: 2, quota: 40 })));
    book.add(at(13 * DAY, quotaAdjusted({ userId: 2, delta: 15 })));
    const [user] = book.periods();
    if (!user) throw new Error('no period');
    expect(user.opening + user.movements.reduce((sum, m) => sum + m.quota, 0) - user.consumption).toBe(user.closing);
    expect(user.closing).toBe(65);
  });
});
