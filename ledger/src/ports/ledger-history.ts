import type { LedgerEvent } from '../events/ledger-events.js';

export interface LedgerHistoryQuery {
  /** One user's events; every user's when absent. */
  userId?: number;
}

/**
 * The event log read for statements: the events that concern users, each once (a producer's
 * repeated append is skipped by event id, as the balance stores skip it), in log order per user.
 * Embedded: SQL over the log table. Cluster: a pass over the Kafka topic.
 */
export interface LedgerHistory {
  userEvents(query: LedgerHistoryQuery): AsyncIterable<LedgerEvent>;
}
