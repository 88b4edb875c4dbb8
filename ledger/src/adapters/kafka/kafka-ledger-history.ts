import { type LedgerEvent, partitionKey } from '../../events/ledger-events.js';
import type { StoredEvent } from '../../ports/event-log.js';
import type { LedgerHistoryQuery, UsageTotal } from '../../ports/ledger-history.js';
import { quotaDeltaOf } from '../../statement/movement.js';

/**
 * A topic has no index by user or event id: each read is a pass over the whole topic (as the
 * audit's), keeping the user's events and skipping an id seen before. One user's events share a
 * partition, so their order is the partition's.
 */
async function* eachUserEvent(events: AsyncIterable<StoredEvent>, { userId }: LedgerHistoryQuery): AsyncGenerator<LedgerEvent> {
  const key = userId === undefined ? null : String(userId);
  const seen = new Set<string>();
  for await (const { event } of events) {
    if ((key !== null && partitionKey(event) !== key) || seen.has(event.metadata.eventId)) continue;
    seen.add(event.metadata.eventId);
    yield event;
  }
}

export async function* readMovementEvents(events: AsyncIterable<StoredEvent>, query: LedgerHistoryQuery): AsyncIterable<LedgerEvent> {
  for await (const event of eachUserEvent(events, query)) if (event.type !== 'UsageRecorded') yield event;
}

/** The calls summed in the pass, by the ledger's rule (`quotaDeltaOf`). */
export async function sumUsage(events: AsyncIterable<StoredEvent>, query: LedgerHistoryQuery & { from: number; to: number }): Promise<UsageTotal[]> {
  const totals = new Map<number, UsageTotal>();
  for await (const event of eachUserEvent(events, query)) {
    if (event.type !== 'UsageRecorded' || event.metadata.occurredAt >= query.to) continue;
    const { userId, username } = event.data;
    const total = totals.get(userId) ?? { userId, username, quotaBefore: 0, requestsBefore: 0, quotaWithin: 0, requestsWithin: 0 };
    const cost = -quotaDeltaOf(event);
    if (event.metadata.occurredAt < query.from) {
      total.quotaBefore += cost;
      total.requestsBefore += 1;
    } else {
      total.quotaWithin += cost;
      total.requestsWithin += 1;
    }
    totals.set(userId, total);
  }
  return [...totals.values()].sort((a, b) => a.userId - b.userId);
}
