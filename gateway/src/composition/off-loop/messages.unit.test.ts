import { describe, expect, it } from 'vitest';
import { fromWorkerSchema } from './messages.js';

const changes = {
  users: [{ userId: 1, quota: 70, usedQuota: 30, requestCount: 1, affQuota: 0, affHistoryQuota: 0, affCount: 0, version: 12 }],
  tokens: [{ tokenId: 2, userId: 1, remainQuota: 5, usedQuota: 3, unlimited: false, version: 12 }],
  channels: [{ channelId: 3, usedQuota: 30 }],
  settledHolds: [{ holdId: 'hold-1', userId: 1 }],
  appliedEvents: [{ eventId: 'event-1', userId: 1 }],
};

describe('messages from the ledger thread', () => {
  it('takes a ledger notice as the ledger worker writes it, the balances\' versions kept for hot state', () => {
    expect(fromWorkerSchema.parse({ kind: 'balances', changes })).toEqual({ kind: 'balances', changes });
  });

  it('refuses a notice whose amounts are not whole quota, or that lacks the settled holds', () => {
    expect(fromWorkerSchema.safeParse({ kind: 'balances', changes: { ...changes, channels: [{ channelId: 3, usedQuota: 0.5 }] } }).success).toBe(false);
    const { settledHolds: _, ...withoutHolds } = changes;
    expect(fromWorkerSchema.safeParse({ kind: 'balances', changes: withoutHolds }).success).toBe(false);
  });

  it('refuses a message of a kind it does not know', () => {
    expect(fromWorkerSchema.safeParse({ kind: 'applied', changes }).success).toBe(false);
  });
});
