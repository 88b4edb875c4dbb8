import fc from 'fast-check';
import { ledgerEventSchema } from '@tollgate/wire';
import { describe, expect, it } from 'vitest';
import * as build from '../testing/event-builders.js';
import { readLedgerEvent } from './read-event.js';

const validEvents = [
  build.usageRecorded(),
  build.usageRecorded({ logged: false, other: { model_ratio: 2.5, completion_ratio: 4, group_ratio: 1, model_price: -1, frt: 120, admin_info: { use_channel: [3] } } }),
  build.quotaGranted(),
  build.quotaAdjusted({ delta: -5 }),
  build.tokenQuotaSet(),
  build.taskRefunded(),
  build.inviterRewarded(),
  build.affQuotaTransferred(),
  build.affQuotaMigrated(),
  build.openingBalanceRecorded({ kind: 'user', quota: 10, usedQuota: 3, requestCount: 2, affQuota: 0, affHistoryQuota: 0, affCount: 1 }),
  build.openingBalanceRecorded({ kind: 'token', tokenId: 10, remainQuota: 700, usedQuota: 40, unlimited: true }),
];

type Json = Record<string, unknown>;

/** A copy of `event` with one change at one path: a key removed, or a key (known or not) set to any JSON value. */
const mutatedEvent = fc
  .record({
    event: fc.constantFrom(...validEvents),
    depth: fc.nat(2),
    pick: fc.nat(),
    remove: fc.boolean(),
    newKey: fc.option(fc.string({ maxLength: 6 }), { nil: undefined }),
    value: fc.jsonValue({ maxDepth: 2 }),
  })
  .map(({ event, depth, pick, remove, newKey, value }) => {
    const copy = structuredClone(event) as unknown as Json;
    let target: Json = copy;
    for (let level = 0; level < depth; level++) {
      const nested = Object.values(target).filter((child): child is Json => typeof child === 'object' && child !== null && !Array.isArray(child));
      if (nested.length === 0) break;
      target = nested[pick % nested.length] as Json;
    }
    const keys = Object.keys(target);
    const key = newKey ?? keys[pick % Math.max(keys.length, 1)] ?? 'x';
    if (remove) Reflect.deleteProperty(target, key);
    else target[key] = value;
    return copy;
  });

/** The schema's own answer: its value, or the fact that it threw. */
function schemaAnswer(value: unknown): { value: unknown } | 'refused' {
  const result = ledgerEventSchema.safeParse(value);
  return result.success ? { value: result.data } : 'refused';
}

function readAnswer(value: unknown): { value: unknown } | 'refused' {
  try {
    return { value: readLedgerEvent(value) };
  } catch {
    return 'refused';
  }
}

describe('readLedgerEvent', () => {
  it('returns a well-formed event as it is, without a copy', () => {
    for (const event of validEvents) {
      const parsed = JSON.parse(JSON.stringify(event)) as unknown;
      expect(readLedgerEvent(parsed)).toBe(parsed);
    }
  });

  it('answers as the schema does for any change to any event: the same value, or a refusal', () => {
    fc.assert(
      fc.property(fc.oneof(mutatedEvent, fc.jsonValue({ maxDepth: 3 })), (value) => {
        expect(readAnswer(value)).toEqual(schemaAnswer(value));
      }),
      { numRuns: 20_000 },
    );
  });

  it("strips a key the schema does not know, as the schema does", () => {
    const event = { ...build.quotaAdjusted(), extra: 1 };
    const read = readLedgerEvent(event);
    expect(read).not.toHaveProperty('extra');
    expect(read).toEqual(ledgerEventSchema.parse(event));
  });

  it("throws the schema's own error for a malformed event", () => {
    expect(() => readLedgerEvent({ ...build.usageRecorded(), data: { quota: -1 } })).toThrow(/expected/i);
  });
});
