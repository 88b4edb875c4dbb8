import { describe, expect, it } from 'vitest';
import { newEventMetadata } from '../events/event-metadata.js';
import type { LedgerEvent } from '@tollgate/wire';
import { quotaDeltaOf } from '../statement/movement.js';
import { quotaAdjusted, quotaGranted, usageRecorded } from '../testing/event-builders.js';
import type { EventLog } from './event-log.js';
import type { LedgerHistory } from './ledger-history.js';

/** A log to append to and the history that reads it; `close` releases both. */
export interface LedgerHistoryFixture {
  log: EventLog;
  history: LedgerHistory;
  close(): Promise<void>;
}

async function ids(events: AsyncIterable<LedgerEvent>): Promise<string[]> {
  const all: string[] = [];
  for await (const event of events) all.push(event.metadata.eventId);
  return all;
}

const idsOf = (...events: LedgerEvent[]) => events.map((event) => event.metadata.eventId);
const at = <E extends LedgerEvent>(occurredAt: number, event: E): E => ({ ...event, metadata: { ...newEventMetadata(occurredAt), eventId: event.metadata.eventId } });

async function withFixture(open: () => Promise<LedgerHistoryFixture>, test: (fixture: LedgerHistoryFixture) => Promise<void>): Promise<void> {
  const fixture = await open();
  try {
    await test(fixture);
  } finally {
    await fixture.close();
  }
}

/** Every LedgerHistory adapter passes these, against its own log. */
export function runLedgerHistoryContract(name: string, open: () => Promise<LedgerHistoryFixture>): void {
  describe(`LedgerHistory contract: ${name}`, () => {
    it('reads every event but calls, one user or all, in log order', () =>
      withFixture(open, async ({ log, history }) => {
        const a1 = quotaGranted({ userId: 1 });
        const b1 = quotaGranted({ userId: 2, username: 'bob' });
        const a2 = quotaAdjusted({ userId: 1, delta: -5 });
        await log.append([a1, b1, usageRecorded({ userId: 1 })]);
        await log.append([a2]);
        expect(await ids(history.movementEvents({ userId: 1 }))).toEqual(idsOf(a1, a2));
        const all = await ids(history.movementEvents({}));
        expect(all.filter((id) => id !== b1.metadata.eventId)).toEqual(idsOf(a1, a2));
        expect(all).toContain(b1.metadata.eventId);
        expect(await ids(history.movementEvents({ userId: 5 }))).toEqual([]);
      }));

    it('gives an event appended twice (a producer retry) once', () =>
      withFixture(open, async ({ log, history }) => {
        const grant = quotaGranted({ userId: 3 });
        const call = at(2_000, usageRecorded({ userId: 3, quota: 40 }));
        await log.append([grant, call]);
        await log.append([grant, call]);
        expect(await ids(history.movementEvents({ userId: 3 }))).toEqual(idsOf(grant));
        expect(await history.usageTotals({ userId: 3, from: 1_000, to: 3_000 })).toMatchObject([{ userId: 3, quotaWithin: 40, requestsWithin: 1 }]);
      }));

    it('sums calls before and within the period per user, by the ledger rule, and leaves later ones out', () =>
      withFixture(open, async ({ log, history }) => {
        const calls = [
          at(500, usageRecorded({ userId: 4, username: 'dan', quota: 7 })),
          at(1_000, usageRecorded({ userId: 4, username: 'dan', quota: 11 })),
          at(2_999, usageRecorded({ userId: 4, username: 'dan', quota: 13 })),
          at(3_000, usageRecorded({ userId: 4, username: 'dan', quota: 17 })),
          at(1_500, usageRecorded({ userId: 6, username: 'eve', quota: 19 })),
        ];
        await log.append(calls);
        const byRule = (from: number, to: number, userId: number) =>
          -calls.filter((c) => c.data.userId === userId && c.metadata.occurredAt >= from && c.metadata.occurredAt < to).reduce((sum, c) => sum + quotaDeltaOf(c), 0);
        expect(await history.usageTotals({ from: 1_000, to: 3_000 })).toEqual([
          { userId: 4, username: 'dan', quotaBefore: byRule(0, 1_000, 4), requestsBefore: 1, quotaWithin: byRule(1_000, 3_000, 4), requestsWithin: 2 },
          { userId: 6, username: 'eve', quotaBefore: 0, requestsBefore: 0, quotaWithin: 19, requestsWithin: 1 },
        ]);
        expect(await history.usageTotals({ userId: 6, from: 0, to: 1_000 })).toEqual([]);
      }));
  });
}
