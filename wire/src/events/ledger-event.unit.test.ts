import { describe, expect, it } from 'vitest';
import { type LedgerEvent, ledgerEventSchema } from './ledger-event.js';

const metadata = { eventId: '0190-e', occurredAt: 1_700_000_000_000, version: 1 as const };
const usage: LedgerEvent = {
  type: 'UsageRecorded',
  data: {
    requestId: 'r1', holdId: 'h1', userId: 7, username: 'amy', tokenId: 2, tokenName: 'ci', channelId: 3, model: 'gpt-4o', group: 'default',
    promptTokens: 5, completionTokens: 7, quota: 12, isStream: false, useTimeMs: 900, content: '', other: { model_ratio: 1, completion_ratio: 1, group_ratio: 1, model_price: 0, frt: 80, cache_tokens: 3 },
  },
  metadata,
};

describe('ledger events', () => {
  it('round-trip through JSON as the event log stores them, extra ratios in `other` kept', () => {
    expect(ledgerEventSchema.parse(JSON.parse(JSON.stringify(usage)))).toEqual(usage);
  });

  it('refuse an unknown type, a negative charge and a later version', () => {
    expect(ledgerEventSchema.safeParse({ ...usage, type: 'UsageLogged' }).success).toBe(false);
    expect(ledgerEventSchema.safeParse({ ...usage, data: { ...usage.data, quota: -1 } }).success).toBe(false);
    expect(ledgerEventSchema.safeParse({ ...usage, metadata: { ...metadata, version: 2 } }).success).toBe(false);
  });

  it('tell a top-up from a system grant only by the log types the spec gives them', () => {
    const grant = { type: 'QuotaGranted', data: { userId: 7, username: 'amy', amount: 100, logType: 1, content: '', source: 'payment' }, metadata };
    expect(ledgerEventSchema.safeParse(grant).success).toBe(true);
    expect(ledgerEventSchema.safeParse({ ...grant, data: { ...grant.data, logType: 2 } }).success).toBe(false);
  });
});
