import { BalanceBook, zeroBalances } from '../decider/balance-book.js';
import type { ChannelBalance, TokenBalance, UserBalance } from '../ports/balance-store.js';
import type { StoredEvent } from '../ports/event-log.js';
import { eachOnceSync } from './each-once.js';

/** Every account's balance at one point of the log. */
export interface BalanceSnapshot {
  users: UserBalance[];
  tokens: TokenBalance[];
  channels: ChannelBalance[];
}

/**
 * Folds the history from its start the way a balance store applies it. It is given each event
 * once (the durable history is kept one row per event id; a raw log goes through `eachOnce`), so
 * its memory is the accounts', never the events'.
 */
export class BalanceFold {
  private readonly book = new BalanceBook(zeroBalances, { listsEvents: false });

  add({ event }: StoredEvent): void {
    this.book.apply(event);
  }

  snapshot(): BalanceSnapshot {
    const { users, tokens, channels } = this.book.changes();
    return { users, tokens, channels };
  }
}

/** The balances a raw log implies (a repeated append counted once): a pure fold through the decider. */
export function recomputeBalances(events: Iterable<StoredEvent>): BalanceSnapshot {
  const fold = new BalanceFold();
  for (const stored of eachOnceSync(events)) fold.add(stored);
  return fold.snapshot();
}
