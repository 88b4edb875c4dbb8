import type { StoredEvent } from '../ports/event-log.js';

/**
 * A raw log's events with a producer's repeated append skipped by event id. It remembers every
 * id, so it is for logs that fit in memory (tests, a fold of a batch); the audit reads the
 * durable history, which gives each event once already (analytics' `ledger_movements`).
 */
export async function* eachOnce(events: AsyncIterable<StoredEvent> | Iterable<StoredEvent>): AsyncGenerator<StoredEvent> {
  const seen = new Set<string>();
  for await (const stored of events) {
    if (seen.has(stored.event.metadata.eventId)) continue;
    seen.add(stored.event.metadata.eventId);
    yield stored;
  }
}

/** `eachOnce` for an array in hand. */
export function eachOnceSync(events: Iterable<StoredEvent>): StoredEvent[] {
  const seen = new Set<string>();
  return [...events].filter(({ event }) => !seen.has(event.metadata.eventId) && (seen.add(event.metadata.eventId), true));
}
