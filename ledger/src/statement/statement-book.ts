import type { LedgerEvent } from '@tollgate/wire';
import type { UsageTotal } from '../ports/ledger-history.js';
import { type Movement, movementOf } from './movement.js';

/** A statement's period: milliseconds since the epoch, `from` inclusive, `to` exclusive. */
export interface StatementPeriod {
  from: number;
  to: number;
}

/** One user's period according to the ledger. */
export interface LedgerPeriod {
  userId: number;
  /** The name the user's latest event carried ('' when none did). */
  username: string;
  /** The quota after every event before the period. */
  opening: number;
  /** The quota after every event before the period's end: the balance the store held then. */
  closing: number;
  /** Every movement of the period except consumption, in log order. */
  movements: Movement[];
  /** The quota the period's calls cost, by the ledger (a statement lists them from the analytics rollups and checks against this). */
  consumption: number;
  /** The period's calls. */
  requests: number;
}

function emptyPeriod(userId: number): LedgerPeriod {
  return { userId, username: '', opening: 0, closing: 0, movements: [], consumption: 0, requests: 0 };
}

/**
 * Folds a user's events (each once, in log order) into their period: what came before it makes
 * the opening balance, what falls in it the movements; consumption is only summed, so a month of
 * calls costs a few numbers per user, not a line per call.
 */
export class StatementBook {
  private readonly users = new Map<number, LedgerPeriod>();

  constructor(private readonly period: StatementPeriod) {}

  add(event: LedgerEvent): void {
    const movement = movementOf(event);
    if (!movement || movement.occurredAt >= this.period.to) return;
    const user = this.userOf(movement.userId);
    if ('username' in event.data && event.data.username) user.username = event.data.username;
    user.closing += movement.quota;
    if (movement.occurredAt < this.period.from) {
      user.opening += movement.quota;
    } else if (movement.kind === 'consumption') {
      user.consumption -= movement.quota;
      user.requests += 1;
    } else {
      user.movements.push(movement);
    }
  }

  /** A user's calls summed by the log (`LedgerHistory.usageTotals`) rather than added one by one. */
  addUsage(total: UsageTotal): void {
    const user = this.userOf(total.userId);
    if (!user.username) user.username = total.username;
    user.opening -= total.quotaBefore;
    user.closing -= total.quotaBefore + total.quotaWithin;
    user.consumption += total.quotaWithin;
    user.requests += total.requestsWithin;
  }

  /** Every user with an event before the period's end, by id. */
  periods(): LedgerPeriod[] {
    return [...this.users.values()].sort((a, b) => a.userId - b.userId);
  }

  private userOf(userId: number): LedgerPeriod {
    let user = this.users.get(userId);
    if (!user) {
      user = emptyPeriod(userId);
      this.users.set(userId, user);
    }
    return user;
  }
}
