import { type EventLogReader, type LedgerHistory, type LedgerHistoryQuery, readLedgerEvent, type StoredEvent, type UsageTotal } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';
import { z } from 'zod';
import { logOrderTable, movementsTable } from '../ingest/movement-rows.js';
import type { AnalyticsQuerier } from '../ports/analytics-querier.js';

/** One user (`user_id` leads the table's key, so this is a range of it) or all. */
const oneUser = '({all:Bool} OR user_id = {userId:UInt64})';
/** Statements list every event but calls (they sum those apart); the audit folds them all. */
const wantedType = "({withCalls:Bool} OR type <> 'UsageRecorded')";

/**
 * The calls summed by ClickHouse over the kept history: FINAL keeps one row per event id even
 * before the merges, so a redelivered call counts once. `quota` is the ledger's delta (negative).
 */
const USAGE_TOTALS = `
  SELECT user_id AS userId, max(username) AS username,
         -sumIf(quota, occurred_at < {from:Int64}) AS quotaBefore, countIf(occurred_at < {from:Int64}) AS requestsBefore,
         -sumIf(quota, occurred_at >= {from:Int64}) AS quotaWithin, countIf(occurred_at >= {from:Int64}) AS requestsWithin
  FROM ${movementsTable} FINAL
  WHERE type = 'UsageRecorded' AND occurred_at < {to:Int64} AND ${oneUser}
  GROUP BY user_id ORDER BY user_id`;

const usageTotalSchema = z.object({
  userId: z.coerce.number(),
  username: z.string(),
  quotaBefore: z.coerce.number(),
  requestsBefore: z.coerce.number(),
  quotaWithin: z.coerce.number(),
  requestsWithin: z.coerce.number(),
});

/**
 * Keys per page of a read in log order: about what one page holds in memory. The audit of 400,000
 * events on chdb peaked at 127 to 172 MB of JS heap above its start with pages of 20,000 and at
 * 44 MB with 10,000 (no slower): chdb hands a page's whole result over as one text, parsed at once.
 */
const PAGE = 10_000;

/** The log-order key `(user, partition, offset)` past a cursor, spelled out so the index prunes by it (a tuple comparison is not used by it). */
const pastCursor = `(user_id > {user:UInt64} OR (user_id = {user:UInt64} AND (log_partition > {partition:UInt32} OR (log_partition = {partition:UInt32} AND log_offset > {offset:Int64}))))`;
const upToEnd = `(user_id < {endUser:UInt64} OR (user_id = {endUser:UInt64} AND (log_partition < {endPartition:UInt32} OR (log_partition = {endPartition:UInt32} AND log_offset <= {endOffset:Int64}))))`;

/**
 * Where the next page ends: the key `pageSize` wanted rows past the cursor in `ledger_log_order`,
 * sorted by that key, so the engine reads from the cursor to there and stops (none when fewer are
 * left). Its OFFSET counts from the cursor, within the page, never from the history's start. A
 * statement's page reads the calls' keys on the way, each once, never their payloads.
 */
const PAGE_END = `
  SELECT user_id, log_partition, log_offset FROM ${logOrderTable} FINAL WHERE ${oneUser} AND ${wantedType} AND ${pastCursor}
  ORDER BY user_id, log_partition, log_offset LIMIT 1 OFFSET {skip:UInt64}`;
const LAST_KEY = `
  SELECT user_id, log_partition, log_offset FROM ${logOrderTable} FINAL WHERE ${oneUser} AND ${wantedType}
  ORDER BY user_id DESC, log_partition DESC, log_offset DESC LIMIT 1`;
const keySchema = z.object({ user_id: z.coerce.number(), log_partition: z.coerce.number(), log_offset: z.coerce.number() });

/**
 * A page's events: its keys' event ids looked up in ledger_movements' own index, keeping the copy
 * FINAL keeps (the first) only when it lies in this page; a retry's first copy in an earlier
 * page was given there.
 */
const PAGE_EVENTS = `
  SELECT user_id, payload, log_partition, log_offset FROM ${movementsTable} FINAL
  WHERE (user_id, event_id) IN (SELECT user_id, event_id FROM ${logOrderTable} WHERE ${oneUser} AND ${wantedType} AND ${pastCursor} AND ${upToEnd})
    AND ${pastCursor} AND ${upToEnd} AND ${wantedType}
  ORDER BY user_id, log_partition, log_offset`;
const eventRowSchema = z.object({ user_id: z.coerce.number(), payload: z.string(), log_partition: z.coerce.number(), log_offset: z.coerce.number() });

const INGESTED_THROUGH = `SELECT log_partition AS partition, max(log_offset) AS offset FROM ${movementsTable} GROUP BY log_partition`;
const throughSchema = z.object({ partition: z.coerce.number(), offset: z.coerce.number() });

export interface ClickHouseLedgerHistoryOptions {
  /** Keys per page of a read in log order (the audit's `readAll`, statements' movements); tests page small histories with a few. */
  pageSize?: number;
}

function userParams({ userId }: LedgerHistoryQuery) {
  return { all: userId === undefined, userId: userId ?? 0 };
}

/**
 * The ledger's history read from ClickHouse (`ledger_movements`, written by the analytics
 * ingestion), so statements and the audit outlive the topic's retention and cost what the users
 * and the period hold, not the topic's age. Same SQL on chdb and on a server.
 */
export class ClickHouseLedgerHistory implements LedgerHistory, EventLogReader {
  private readonly pageSize: number;

  constructor(
    private readonly querier: AnalyticsQuerier,
    options: ClickHouseLedgerHistoryOptions = {},
  ) {
    this.pageSize = options.pageSize ?? PAGE;
  }

  /** One user's events or all, but calls, each user's in log order (`logOrder`). */
  async *movementEvents(query: LedgerHistoryQuery): AsyncIterable<LedgerEvent> {
    for await (const stored of this.logOrder({ ...userParams(query), withCalls: false })) yield stored.event;
  }

  async usageTotals(query: LedgerHistoryQuery & { from: number; to: number }): Promise<UsageTotal[]> {
    return this.querier.query({ sql: USAGE_TOTALS, params: { ...userParams(query), from: query.from, to: query.to }, schema: usageTotalSchema });
  }

  /** Every event once, one user after another and each user's in log order (a token's limit and its debits are applied in that order). */
  readAll(): AsyncIterable<StoredEvent> {
    return this.logOrder({ all: true, userId: 0, withCalls: true });
  }

  /**
   * The history in log-order pages after the last key read: each page is a range of
   * `ledger_log_order`'s index, so the history is read once whatever its size or one user's share
   * of it, and the reader holds one page (chdb hands a whole result over at once).
   */
  private async *logOrder(filter: { all: boolean; userId: number; withCalls: boolean }): AsyncIterable<StoredEvent> {
    const [last] = await this.querier.query({ sql: LAST_KEY, params: filter, schema: keySchema });
    if (!last) return;
    let cursor = { user: 0, partition: 0, offset: -1 };
    for (;;) {
      const [end] = await this.querier.query({ sql: PAGE_END, params: { ...filter, ...cursor, skip: this.pageSize - 1 }, schema: keySchema });
      const to = end ?? last;
      const params = { ...filter, ...cursor, endUser: to.user_id, endPartition: to.log_partition, endOffset: to.log_offset };
      const page = await this.querier.query({ sql: PAGE_EVENTS, params, schema: eventRowSchema });
      for (const row of page) yield { partition: row.log_partition, offset: row.log_offset, event: readLedgerEvent(JSON.parse(row.payload)) };
      if (!end) return;
      cursor = { user: end.user_id, partition: end.log_partition, offset: end.log_offset };
    }
  }

  /** Per partition, the last offset kept: the audit waits for the ingestion to reach the ledger's checkpoints. */
  async ingestedThrough(): Promise<Map<number, number>> {
    const rows = await this.querier.query({ sql: INGESTED_THROUGH, schema: throughSchema });
    return new Map(rows.map((row) => [row.partition, row.offset]));
  }
}
