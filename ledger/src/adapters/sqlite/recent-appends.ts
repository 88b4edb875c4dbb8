import type { StoredEvent } from '../../ports/event-log.js';

/**
 * The events this process appended last, at consecutive positions, already read back through the
 * schema once. The process's own consumers (the ledger worker, analytics ingestion) take their
 * batches from here instead of reading and validating the same rows again each: one JSON parse and
 * one schema check per event instead of one per consumer, and no SQL read. Anything not here (a
 * consumer further behind, rows another process appended) is read from the table as before.
 */
export class RecentAppends {
  private events: StoredEvent[] = [];

  constructor(private readonly capacity: number) {}

  /** Adds an event appended at the position after the last one; any other position starts over. */
  add(stored: StoredEvent): void {
    const last = this.events[this.events.length - 1];
    if (last && stored.offset !== last.offset + 1) this.events = [];
    this.events.push(stored);
    if (this.events.length >= 2 * this.capacity) this.events = this.events.slice(-this.capacity);
  }

  /** Forgets everything: the next reads go to the table. */
  clear(): void {
    this.events = [];
  }

  /** Up to `limit` events right after `offset` when the next one is here (those after it are then too); else null. */
  after(offset: number, limit: number): StoredEvent[] | null {
    const first = this.events[0];
    if (!first) return null;
    const start = offset + 1 - first.offset;
    if (start < 0 || start >= this.events.length) return null;
    return this.events.slice(start, start + limit);
  }
}
