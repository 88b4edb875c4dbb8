import { describe, expect, it } from 'vitest';
import { quotaGranted, stored, usageRecorded } from '../testing/event-builders.js';
import { ConsumptionFold } from './consumption-fold.js';
import { eachOnceSync } from './each-once.js';

const DAY_ONE = Date.UTC(2026, 0, 1, 23, 59, 59, 900);
const DAY_TWO = Date.UTC(2026, 0, 2, 0, 0, 0, 100);

function at<T extends { metadata: { occurredAt: number } }>(event: T, occurredAt: number): T {
  return { ...event, metadata: { ...event.metadata, occurredAt } };
}

describe('ConsumptionFold', () => {
  it('sums logged usage per user and UTC day, each event once, before the cut only', () => {
    const twice = at(usageRecorded({ quota: 5 }), DAY_ONE);
    const fold = new ConsumptionFold(Math.floor(DAY_TWO / 1000) + 60);
    for (const event of eachOnceSync(stored([
      twice,
      twice,
      at(usageRecorded({ quota: 7 }), DAY_TWO),
      at(usageRecorded({ userId: 2, tokenId: 20, quota: 3 }), DAY_TWO),
      at(usageRecorded({ quota: 100, logged: false }), DAY_TWO),
      at(usageRecorded({ quota: 1000 }), DAY_TWO + 60_000),
      quotaGranted({ amount: 50 }),
    ]))) fold.add(event);
    expect(fold.rows()).toEqual([
      { userId: 1, day: '2026-01-01', quota: 5, calls: 1 },
      { userId: 1, day: '2026-01-02', quota: 7, calls: 1 },
      { userId: 2, day: '2026-01-02', quota: 3, calls: 1 },
    ]);
  });
});
