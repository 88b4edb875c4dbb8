import { type LedgerEvent, partitionKey } from '../../events/ledger-events.js';
import type { StoredEvent } from '../../ports/event-log.js';
import type { LedgerHistoryQuery } from '../../ports/ledger-history.js';

/**
 * A topic has no index by user or event id: the statement takes a pass over the whole topic (as
 * the audit does), keeps the user's events and skips an id seen before. One user's events share a
 * partition, so their order is the partition's.
 */
export async function* readUserEvents(events: AsyncIterable<StoredEvent>, { userId }: LedgerHistoryQuery): AsyncIterable<LedgerEvent> {
  const key = userId === undefined ? null : String(userId);
  const seen = new Set<string>();
  for await (const { event } of events) {
    if (key !== null && partitionKey(event) !== key) continue;
    if (seen.has(event.metadata.eventId)) continue;
    seen.add(event.metadata.eventId);
    yield event;
  }
}
