import type { LedgerEvent } from '@tollgate/wire';

export interface LedgerHistoryQuery {
  /** One user's events; every user's when absent. */
  userId?: number;
}

/** A user's calls (UsageRecorded) summed around a period. */
export interface UsageTotal {
  userId: number;
  /** The name the user's calls carried (any one of them). */
  username: string;
  /** Quota the calls before the period cost, and how many there were. */
  quotaBefore: number;
  requestsBefore: number;
  /** Quota the calls within the period cost, and how many there were. */
  quotaWithin: number;
  requestsWithin: number;
}

/**
 * The event log read for statements, each event once (a producer's repeated append is skipped by
 * event id, as the balance stores skip it). Calls are summed where the log lives, since a busy
 * month holds millions; every other event is read one by one.
 * One adapter, in both modes: analytics' `ClickHouseLedgerHistory` over `ledger_movements` (chdb
 * embedded, a server in cluster mode), which outlives the topic's retention.
 */
export interface LedgerHistory {
  /** Every event but calls, in log order per user. */
  movementEvents(query: LedgerHistoryQuery): AsyncIterable<LedgerEvent>;
  /** Per user (ascending), the calls before `from` and within [`from`, `to`) (milliseconds since the epoch); users without calls before `to` are left out. */
  usageTotals(query: LedgerHistoryQuery & { from: number; to: number }): Promise<UsageTotal[]>;
}
