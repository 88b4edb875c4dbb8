import type { LedgerEvent } from '@tollgate/wire';
import { partitionKey } from '../../events/partition-key.js';
import type { StoredEvent } from '../../ports/event-log.js';
import type { LedgerHistoryQuery, UsageTotal } from '../../ports/ledger-history.js';
import { quotaDeltaOf } from '../../statement/movement.js';

/**
 * A topic has no index by user or event id: each read is a pass over the whole topic (as the
 * audit's), streamed, keeping the user's events of the kinds asked for and skipping an id seen
 * before. Only those ids are remembered (a movement pass keeps no call's id). One user's events
 * share a partition, so their order is the partition's.
 */
async function* eachUserEvent(events: AsyncIterable<StoredEvent>, { userId }: LedgerHistoryQuery, wanted: (event: LedgerEvent) => boolean): AsyncGenerator<LedgerEvent> {
  const key = userId === undefined ? null : String(userId);
  const seen = new Set<string>();
  for await (const { event } of events) {
    if ((key !== null && partitionKey(event) !== key) || !wanted(event) || seen.has(event.metadata.eventId)) continue;
    seen.add(event.metadata.eventId);
    yield event;
  }
}

const isCall = (event: LedgerEvent) => event.type === 'UsageRecorded';

export function readMovementEvents(events: AsyncIterable<StoredEvent>, query: LedgerHistoryQuery): AsyncIterable<LedgerEvent> {
  return eachUserEvent(events, query, (event) => !isCall(event));
}

/** The calls summed in the pass, by the ledger's rule (`quotaDeltaOf`). */
export async function sumUsage(events: AsyncIterable<StoredEvent>, query: LedgerHistoryQuery & { from: number; to: number }): Promise<UsageTotal[]> {
  const totals = new Map<number, UsageTotal>();
  for await (const event of eachUserEvent(events, query, (one) => isCall(one) && one.metadata.occurredAt < query.to)) {
    if (event.type !== 'UsageRecorded') continue; // narrows the type: only calls come through
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
