import type { BatchHandler, EventLog, LedgerEvent, StoredEvent, Subscription } from '@tollgate/ledger';

/**
 * A one-partition EventLog for tests: `deliver` hands pending events to the subscriber and
 * commits only if the handler resolves, as the real logs do.
 */
export class InMemoryEventLog implements EventLog {
  private readonly events: StoredEvent[] = [];
  private readonly committed = new Map<string, number>();
  /** Per group, the last offset a handler may have acted on without committing (BatchDelivery). */
  private readonly repeatThrough = new Map<string, number>();
  private readonly handlers = new Map<string, BatchHandler>();

  async append(events: LedgerEvent[]): Promise<void> {
    for (const event of events) {
      this.events.push({ partition: 0, offset: this.events.length, event });
    }
  }

  async subscribe(group: string, handler: BatchHandler): Promise<Subscription> {
    this.handlers.set(group, handler);
    this.repeatThrough.set(group, this.events.length - 1);
    return { stop: async () => void this.handlers.delete(group) };
  }

  /** Delivers everything past the group's committed offset in one batch; a throw leaves it uncommitted. */
  async deliver(group: string): Promise<void> {
    const handler = this.handlers.get(group);
    if (!handler) {
      throw new Error(`no subscriber for ${group}`);
    }
    const from = this.committed.get(group) ?? 0;
    const batch = this.events.slice(from);
    const mayRepeat = from <= (this.repeatThrough.get(group) ?? -1);
    try {
      await handler(batch, { mayRepeat });
    } catch (error) {
      this.repeatThrough.set(group, Math.max(this.repeatThrough.get(group) ?? -1, this.events.length - 1));
      throw error;
    }
    this.committed.set(group, this.events.length);
  }

  /** Forgets the group's progress, as after a crash before commit: the next delivery repeats everything. */
  rewind(group: string): void {
    this.committed.delete(group);
    this.repeatThrough.set(group, this.events.length - 1);
  }

  isSubscribed(group: string): boolean {
    return this.handlers.has(group);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
