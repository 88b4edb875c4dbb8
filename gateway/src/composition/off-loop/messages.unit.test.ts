import { describe, expect, it } from 'vitest';
import { fromWorkerSchema, toWorkerSchema } from './messages.js';

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

describe("the ingestion's requests to the relay's thread, and the answers", () => {
  const body = new TextEncoder().encode('[1,"a"]');

  it('takes an insert of a ready body into a table by its plain name, and a query with scalar parameters', () => {
    expect(fromWorkerSchema.parse({ kind: 'insert', id: 1, table: 'logs', columns: ['id', 'quota'], body })).toMatchObject({ kind: 'insert', table: 'logs' });
    expect(fromWorkerSchema.parse({ kind: 'query', id: 2, sql: 'SELECT 1', params: { from: 3, ids: '[]' } })).toMatchObject({ kind: 'query', id: 2 });
  });

  it('refuses a table or column name that would need quoting, a body that is not bytes, and an insert without columns', () => {
    expect(fromWorkerSchema.safeParse({ kind: 'insert', id: 1, table: 'logs; DROP TABLE logs', columns: ['id'], body }).success).toBe(false);
    expect(fromWorkerSchema.safeParse({ kind: 'insert', id: 1, table: 'logs', columns: ['id`'], body }).success).toBe(false);
    expect(fromWorkerSchema.safeParse({ kind: 'insert', id: 1, table: 'logs', columns: ['id'], body: '[1]' }).success).toBe(false);
    expect(fromWorkerSchema.safeParse({ kind: 'insert', id: 1, table: 'logs', columns: [], body }).success).toBe(false);
  });

  it('takes a stop, an answer with or without rows, and a refusal; nothing else', () => {
    expect(toWorkerSchema.parse({ kind: 'stop' })).toEqual({ kind: 'stop' });
    expect(toWorkerSchema.parse({ kind: 'answer', id: 3, rows: [{ id: 'e1' }] })).toEqual({ kind: 'answer', id: 3, rows: [{ id: 'e1' }] });
    expect(toWorkerSchema.parse({ kind: 'refused', id: 3, message: 'chdb said no' })).toEqual({ kind: 'refused', id: 3, message: 'chdb said no' });
    expect(toWorkerSchema.safeParse({ kind: 'answer', id: 'three' }).success).toBe(false);
  });
});
