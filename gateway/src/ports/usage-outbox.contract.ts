import type { LedgerEvent } from '@tollgate/wire';
import { describe, expect, it, vi } from 'vitest';
import type { UsageOutbox } from './usage-outbox.js';

/** An outbox and what its event log has received so far. */
export interface OutboxFixture {
  outbox: UsageOutbox;
  delivered(): Promise<LedgerEvent[]>;
}

const ids = (events: LedgerEvent[]) => events.map((event) => event.metadata.eventId);

/** Every UsageOutbox adapter (the embedded log itself, the cluster spool) must pass this suite; `events(n)` builds n usage events. */
export function runUsageOutboxContract(name: string, factory: () => Promise<OutboxFixture>, events: (n: number) => LedgerEvent[]): void {
  describe(`UsageOutbox contract: ${name}`, () => {
    it('brings what was appended to the event log, in append order', async () => {
      const { outbox, delivered } = await factory();
      outbox.start();
      const [first, second] = [events(2), events(3)];
      const appends = [outbox.append(first), outbox.append(second)];
      await Promise.all(appends);
      await vi.waitFor(async () => expect(ids(await delivered())).toEqual(ids([...first, ...second])));
      await outbox.close();
    });

    it('is not full while the log takes what it is given', async () => {
      const { outbox } = await factory();
      outbox.start();
      await outbox.append(events(5));
      expect(outbox.isFull()).toBe(false);
      await outbox.close();
    });
  });
}
