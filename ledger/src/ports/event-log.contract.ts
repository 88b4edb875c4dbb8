import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { LedgerEvent } from '@tollgate/wire';
import { quotaAdjusted, quotaGranted, tokenQuotaSet, usageRecorded } from '../testing/event-builders.js';
import type { BatchDelivery, EventLog, StoredEvent, SubscribeOptions, Subscription } from './event-log.js';

/** Opens a fresh, empty log for one test; the suite closes it when the test ends. */
export type EventLogFactory = () => Promise<EventLog>;

const delivered = { timeout: 10_000, interval: 20 };

/** Node 20 has no Promise.withResolvers. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const eventIds = (events: Array<StoredEvent | LedgerEvent>) =>
  events.map((item) => ('event' in item ? item.event : item).metadata.eventId);

/** The behaviour every EventLog adapter must share (House style #2). */
export function runEventLogContract(name: string, factory: EventLogFactory): void {
  describe(`EventLog contract: ${name}`, () => {
    async function openLog(): Promise<EventLog> {
      const log = await factory();
      onTestFinished(() => log.close());
      return log;
    }

    /** Subscribes a handler that records every batch it is given. */
    async function record(log: EventLog, group: string, options?: SubscribeOptions) {
      const batches: StoredEvent[][] = [];
      const subscription: Subscription = await log.subscribe(group, async (batch) => void batches.push(batch), options);
      onTestFinished(() => subscription.stop());
      return { batches, subscription, events: () => batches.flat() };
    }

    it('delivers appended events in append order, as appended, with increasing offsets', async () => {
      const log = await openLog();
      const events = [quotaGranted(), tokenQuotaSet(), usageRecorded(), quotaAdjusted({ delta: -5 })];
      await log.append(events.slice(0, 2));
      await log.append(events.slice(2));
      const consumer = await record(log, 'ledger');
      await vi.waitFor(() => expect(consumer.events()).toHaveLength(4), delivered);
      expect(consumer.events().map((stored) => stored.event)).toEqual(events);
      const offsets = consumer.events().map((stored) => stored.offset);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      expect(new Set(offsets).size).toBe(4);
    });

    it("hands over the log's own text of each event, which parses to the event delivered", async () => {
      const log = await openLog();
      await log.append([usageRecorded(), quotaAdjusted({ delta: -5 })]);
      const consumer = await record(log, 'analytics');
      await vi.waitFor(() => expect(consumer.events()).toHaveLength(2), delivered);
      for (const stored of consumer.events()) expect(JSON.parse(stored.json ?? 'null')).toEqual(stored.event);
    });

    it('delivers events appended after the group subscribed', async () => {
      const log = await openLog();
      const consumer = await record(log, 'ledger');
      const usage = usageRecorded();
      await log.append([usage]);
      await vi.waitFor(() => expect(eventIds(consumer.events())).toEqual(eventIds([usage])), delivered);
    });

    it('delivers a batch again after its handler threw (at least once)', async () => {
      const log = await openLog();
      const events = [quotaGranted(), usageRecorded()];
      await log.append(events);
      const attempts: string[][] = [];
      const errors: unknown[] = [];
      const handler = async (batch: StoredEvent[]) => {
        attempts.push(eventIds(batch));
        if (attempts.length === 1) throw new Error('handler failed once');
      };
      const subscription = await log.subscribe('ledger', handler, { onError: (error) => errors.push(error) });
      onTestFinished(() => subscription.stop());
      await vi.waitFor(() => expect(attempts.flat()).toHaveLength(4), delivered);
      expect(attempts.flat()).toEqual([...eventIds(events), ...eventIds(events)]);
      expect(errors).toEqual([new Error('handler failed once')]);
    });

    /**
     * Subscribes a handler that records what each delivery said of repeats; it throws the first
     * time it is handed `failOnceOn`, if given.
     */
    async function recordDeliveries(log: EventLog, group: string, failOnceOn?: string) {
      const deliveries: Array<{ ids: string[]; mayRepeat: boolean }> = [];
      const saidOf = (id: string) => deliveries.filter((d) => d.ids.includes(id)).map((d) => d.mayRepeat);
      const handler = async (batch: StoredEvent[], delivery: BatchDelivery) => {
        const ids = eventIds(batch);
        deliveries.push({ ids, mayRepeat: delivery.mayRepeat });
        if (failOnceOn !== undefined && ids.includes(failOnceOn) && saidOf(failOnceOn).length === 1) throw new Error('handler failed once');
      };
      const subscription = await log.subscribe(group, handler, { onError: () => {} });
      onTestFinished(() => subscription.stop());
      return { deliveries, saidOf };
    }

    it('says events already in the log when the group subscribed may repeat, and those appended after a handled batch are new', async () => {
      const log = await openLog();
      // One user: one partition wherever the log has several.
      const before = [usageRecorded(), usageRecorded()];
      await log.append(before);
      const consumer = await recordDeliveries(log, 'analytics');
      await vi.waitFor(() => expect(consumer.deliveries.flatMap((d) => d.ids)).toEqual(eventIds(before)), delivered);
      expect(consumer.deliveries.every((d) => d.mayRepeat)).toBe(true);
      const after = usageRecorded();
      await log.append([after]);
      await vi.waitFor(() => expect(consumer.saidOf(after.metadata.eventId)).toEqual([false]), delivered);
    });

    it('says a batch delivered again after its handler threw may repeat, and what follows it is new', async () => {
      const log = await openLog();
      const first = usageRecorded();
      await log.append([first]);
      const failing = usageRecorded();
      const consumer = await recordDeliveries(log, 'analytics', failing.metadata.eventId);
      await vi.waitFor(() => expect(consumer.saidOf(first.metadata.eventId)).toHaveLength(1), delivered);
      await log.append([failing]);
      await vi.waitFor(() => expect(consumer.saidOf(failing.metadata.eventId)).toEqual([false, true]), delivered);
      const next = usageRecorded();
      await log.append([next]);
      await vi.waitFor(() => expect(consumer.saidOf(next.metadata.eventId)).toEqual([false]), delivered);
    });

    it('resumes after the committed offset when the group subscribes again', async () => {
      const log = await openLog();
      const before = [quotaGranted(), usageRecorded()];
      await log.append(before);
      const first = await record(log, 'ledger');
      await vi.waitFor(() => expect(first.events()).toHaveLength(2), delivered);
      await first.subscription.stop();
      const after = [usageRecorded(), quotaAdjusted()];
      await log.append(after);
      const second = await record(log, 'ledger');
      await vi.waitFor(() => expect(second.events()).toHaveLength(2), delivered);
      expect(eventIds(second.events())).toEqual(eventIds(after));
    });

    it('keeps each group to its own offsets', async () => {
      const log = await openLog();
      const events = [quotaGranted(), usageRecorded()];
      await log.append(events);
      const ledger = await record(log, 'ledger');
      await vi.waitFor(() => expect(ledger.events()).toHaveLength(2), delivered);
      const analytics = await record(log, 'analytics');
      await vi.waitFor(() => expect(analytics.events()).toHaveLength(2), delivered);
      expect(eventIds(analytics.events())).toEqual(eventIds(events));
    });

    it('hands a handler at most maxBatch events at a time', async () => {
      const log = await openLog();
      const events = Array.from({ length: 5 }, () => usageRecorded());
      await log.append(events);
      const consumer = await record(log, 'ledger', { maxBatch: 2 });
      await vi.waitFor(() => expect(consumer.events()).toHaveLength(5), delivered);
      expect(consumer.batches.every((batch) => batch.length <= 2)).toBe(true);
      expect(eventIds(consumer.events())).toEqual(eventIds(events));
    });

    it('waits in stop() for the batch in flight, then keeps its offset committed', async () => {
      const log = await openLog();
      await log.append([usageRecorded()]);
      const inFlight = deferred();
      const gate = deferred();
      let handled = false;
      const subscription = await log.subscribe('ledger', async () => {
        inFlight.resolve();
        await gate.promise;
        handled = true;
      });
      await inFlight.promise;
      let stopped = false;
      const stopping = subscription.stop().then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stopped).toBe(false);
      gate.resolve();
      await stopping;
      expect(handled).toBe(true);
      const sentinel = quotaGranted();
      await log.append([sentinel]);
      const again = await record(log, 'ledger');
      await vi.waitFor(() => expect(eventIds(again.events())).toEqual(eventIds([sentinel])), delivered);
    });
  });
}
