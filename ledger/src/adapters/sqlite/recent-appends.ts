/**
 * The entries this process appended last, at consecutive positions (offsets), in order. The event
 * log keeps its own appends here so the process's consumers (the ledger worker, analytics
 * ingestion) take their batches without reading the table; anything not here (a consumer further
 * behind, rows another process appended) is read from the table as before.
 */
export class RecentAppends<Entry extends { offset: number }> {
  private events: Entry[] = [];

  constructor(private readonly capacity: number) {}

  /** Adds an event appended at the position after the last one; any other position starts over. */
  add(stored: Entry): void {
    const last = this.events[this.events.length - 1];
    if (last && stored.offset !== last.offset + 1) this.events = [];
    this.events.push(stored);
    if (this.events.length >= 2 * this.capacity) this.events = this.events.slice(-this.capacity);
  }

  clear(): void {
    this.events = [];
  }

  /** Up to `limit` events right after `offset` when the next one is here (those after it are then too); else null. */
  after(offset: number, limit: number): Entry[] | null {
    const first = this.events[0];
    if (!first) return null;
    const start = offset + 1 - first.offset;
    if (start < 0 || start >= this.events.length) return null;
    return this.events.slice(start, start + limit);
  }
}
