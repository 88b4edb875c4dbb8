import { type BatchHandler, type EventLog, RepeatWatermarks, type StoredEvent, type SubscribeOptions, type Subscription } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';

/**
 * A one-partition EventLog for tests: `deliver` hands pending events to the subscriber and
 * commits only if the handler resolves, as the real logs do.
 */
export class InMemoryEventLog implements EventLog {
  private readonly events: StoredEvent[] = [];
  private readonly committed = new Map<string, number>();
  /** Per group, what a delivery may repeat (BatchDelivery), kept as the real logs keep it. */
  private readonly repeats = new Map<string, RepeatWatermarks>();
  private readonly handlers = new Map<string, BatchHandler>();

  async append(events: LedgerEvent[]): Promise<void> {
    for (const event of events) {
      this.events.push({ partition: 0, offset: this.events.length, event });
    }
  }

  /** Per group, the options it subscribed with (batch size and time are the log's to honour). */
  readonly subscribeOptions = new Map<string, SubscribeOptions>();

  async subscribe(group: string, handler: BatchHandler, options: SubscribeOptions = {}): Promise<Subscription> {
    this.handlers.set(group, handler);
    this.subscribeOptions.set(group, options);
    this.takePartition(group);
    return { stop: async () => void this.handlers.delete(group) };
  }

  /** Delivers everything past the group's committed offset in one batch; a throw leaves it uncommitted. */
  async deliver(group: string): Promise<void> {
    const handler = this.handlers.get(group);
    const repeats = this.repeats.get(group);
    if (!handler || !repeats) {
      throw new Error(`no subscriber for ${group}`);
    }
    const from = this.committed.get(group) ?? 0;
    const batch = this.events.slice(from);
    try {
      await handler(batch, repeats.delivery(0, from));
    } catch (error) {
      repeats.failed(0, this.events.length - 1);
      throw error;
    }
    this.committed.set(group, this.events.length);
  }

  /** Forgets the group's progress, as after a crash before commit: the next delivery repeats everything. */
  rewind(group: string): void {
    this.committed.delete(group);
    this.takePartition(group);
  }

  /** The group (re)takes the one partition: everything in it so far may repeat. */
  private takePartition(group: string): void {
    const repeats = new RepeatWatermarks();
    repeats.taken(0, this.events.length - 1);
    this.repeats.set(group, repeats);
  }

  isSubscribed(group: string): boolean {
    return this.handlers.has(group);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
