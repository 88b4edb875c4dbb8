import { describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../events/ledger-events.js';
import { quotaAdjusted, quotaGranted, usageRecorded } from '../testing/event-builders.js';
import type { EventLog } from './event-log.js';
import type { LedgerHistory } from './ledger-history.js';

/** A log to append to and the history that reads it; `close` releases both. */
export interface LedgerHistoryFixture {
  log: EventLog;
  history: LedgerHistory;
  close(): Promise<void>;
}

async function collect(events: AsyncIterable<LedgerEvent>): Promise<string[]> {
  const ids: string[] = [];
  for await (const event of events) ids.push(event.metadata.eventId);
  return ids;
}

/** Every LedgerHistory adapter passes these, against its own log. */
export function runLedgerHistoryContract(name: string, open: () => Promise<LedgerHistoryFixture>): void {
  describe(`LedgerHistory contract: ${name}`, () => {
    it('reads one user events in log order, and every user when no user is named', async () => {
      const fixture = await open();
      try {
        const a1 = quotaGranted({ userId: 1 });
        const b1 = usageRecorded({ userId: 2, username: 'bob' });
        const a2 = usageRecorded({ userId: 1 });
        const a3 = quotaAdjusted({ userId: 1, delta: -5 });
        await fixture.log.append([a1, b1, a2]);
        await fixture.log.append([a3]);
        expect(await collect(fixture.history.userEvents({ userId: 1 }))).toEqual([a1, a2, a3].map((e) => e.metadata.eventId));
        const all = await collect(fixture.history.userEvents({}));
        expect(all.filter((id) => id !== b1.metadata.eventId)).toEqual([a1, a2, a3].map((e) => e.metadata.eventId));
        expect(all).toContain(b1.metadata.eventId);
      } finally {
        await fixture.close();
      }
    });

    it('gives an event appended twice (a producer retry) once', async () => {
      const fixture = await open();
      try {
        const grant = quotaGranted({ userId: 3 });
        await fixture.log.append([grant]);
        await fixture.log.append([grant, usageRecorded({ userId: 3 })]);
        const ids = await collect(fixture.history.userEvents({ userId: 3 }));
        expect(ids).toHaveLength(2);
        expect(ids[0]).toBe(grant.metadata.eventId);
      } finally {
        await fixture.close();
      }
    });

    it('reads nothing for a user without events', async () => {
      const fixture = await open();
      try {
        await fixture.log.append([quotaGranted({ userId: 4 })]);
        expect(await collect(fixture.history.userEvents({ userId: 5 }))).toEqual([]);
      } finally {
        await fixture.close();
      }
    });
  });
}
