import { BalanceBook } from '../decider/balance-book.js';
import type { ChannelBalance, TokenBalance, UserBalance } from '../ports/balance-store.js';
import type { StoredEvent } from '../ports/event-log.js';

/** Every account's balance at one point of the log. */
export interface BalanceSnapshot {
  users: UserBalance[];
  tokens: TokenBalance[];
  channels: ChannelBalance[];
}

/**
 * Folds the log from its start the way a balance store applies it: events counted once per
 * event id, so a producer's duplicate append is ignored here too.
 */
export class BalanceFold {
  private readonly book = new BalanceBook();
  private readonly seenEventIds = new Set<string>();

  add({ event }: StoredEvent): void {
    if (this.seenEventIds.has(event.metadata.eventId)) return;
    this.seenEventIds.add(event.metadata.eventId);
    this.book.apply(event);
  }

  snapshot(): BalanceSnapshot {
    const { users, tokens, channels } = this.book.changes();
    return { users, tokens, channels };
  }
}

/** The balances the log implies: a pure fold through the decider. */
export function recomputeBalances(events: Iterable<StoredEvent>): BalanceSnapshot {
  const fold = new BalanceFold();
  for (const stored of events) fold.add(stored);
  return fold.snapshot();
}
