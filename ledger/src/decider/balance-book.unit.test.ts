import { describe, expect, it } from 'vitest';
import { quotaGranted, usageRecorded } from '../testing/event-builders.js';
import { BalanceBook, zeroBalances } from './balance-book.js';

describe('BalanceBook', () => {
  const events = [quotaGranted({ amount: 100 }), usageRecorded({ quota: 40, holdId: 'hold-1' })];

  it('lists the applied events and settled holds a store writes beside the balances', () => {
    const book = new BalanceBook();
    for (const event of events) book.apply(event);
    expect(book.changes()).toMatchObject({ appliedEvents: events.map((e) => ({ eventId: e.metadata.eventId, userId: 1 })), settledHolds: [{ holdId: 'hold-1', userId: 1 }] });
  });

  it('keeps no id per event when told not to (the audit folds millions), with the same balances', () => {
    const listing = new BalanceBook();
    const quiet = new BalanceBook(zeroBalances, { listsEvents: false });
    for (const event of events) {
      listing.apply(event);
      quiet.apply(event);
    }
    const { appliedEvents, settledHolds, ...balances } = quiet.changes();
    expect({ appliedEvents, settledHolds }).toEqual({ appliedEvents: [], settledHolds: [] });
    expect(balances).toEqual({ users: listing.changes().users, tokens: listing.changes().tokens, channels: listing.changes().channels });
  });
});
