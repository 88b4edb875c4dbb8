import type { EventLogReader, LedgerHistory, LedgerHistoryQuery, StoredEvent, UsageTotal } from '@tollgate/ledger';
import { type LedgerEvent, ledgerEventSchema } from '@tollgate/wire';
import { z } from 'zod';
import { logOrderTable, movementsTable } from '../ingest/movement-rows.js';
import type { AnalyticsQuerier } from '../ports/analytics-querier.js';

/** Rows per query: a statement never holds more of the history than this. */
const PAGE = 5_000;

/** One user (`user_id` leads the table's key, so this is a range of it) or all. */
const oneUser = '({all:Bool} OR user_id = {userId:UInt64})';

const pageRowSchema = z.object({ payload: z.string(), log_partition: z.coerce.number(), log_offset: z.coerce.number() });

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

/** Pages follow the log's order (partition, offset): one user's events share a partition. */
const MOVEMENT_PAGE = `
  SELECT payload, log_partition, log_offset FROM ${movementsTable} FINAL
  WHERE type <> 'UsageRecorded' AND ${oneUser} AND (log_partition, log_offset) > ({partition:UInt32}, {offset:Int64})
  ORDER BY log_partition, log_offset LIMIT ${PAGE}`;

/** Events per page of the audit's read: about what one page holds in memory. */
const AUDIT_PAGE = 20_000;

/** The log-order key `(user, partition, offset)` past a cursor, spelled out so the index prunes by it (a tuple comparison is not used by it). */
const pastCursor = `(user_id > {user:UInt64} OR (user_id = {user:UInt64} AND (log_partition > {partition:UInt32} OR (log_partition = {partition:UInt32} AND log_offset > {offset:Int64}))))`;
const upToEnd = `(user_id < {endUser:UInt64} OR (user_id = {endUser:UInt64} AND (log_partition < {endPartition:UInt32} OR (log_partition = {endPartition:UInt32} AND log_offset <= {endOffset:Int64}))))`;

/**
 * Where the next page ends: the key `auditPage` rows past the cursor in `ledger_log_order`, sorted
 * by that key, so the engine reads those rows and stops (none when fewer are left).
 */
const PAGE_END = `
  SELECT user_id, log_partition, log_offset FROM ${logOrderTable} FINAL WHERE ${pastCursor}
  ORDER BY user_id, log_partition, log_offset LIMIT 1 OFFSET {skip:UInt64}`;
const LAST_KEY = `SELECT user_id, log_partition, log_offset FROM ${logOrderTable} FINAL ORDER BY user_id DESC, log_partition DESC, log_offset DESC LIMIT 1`;
const keySchema = z.object({ user_id: z.coerce.number(), log_partition: z.coerce.number(), log_offset: z.coerce.number() });

/**
 * A page's events: its keys' event ids looked up in ledger_movements' own index, keeping the copy
 * FINAL keeps (the first) only when it lies in this page; a retry's first copy in an earlier
 * page was given there.
 */
const PAGE_EVENTS = `
  SELECT user_id, payload, log_partition, log_offset FROM ${movementsTable} FINAL
  WHERE (user_id, event_id) IN (SELECT user_id, event_id FROM ${logOrderTable} WHERE ${pastCursor} AND ${upToEnd})
    AND ${pastCursor} AND ${upToEnd}
  ORDER BY user_id, log_partition, log_offset`;
const auditRowSchema = pageRowSchema.extend({ user_id: z.coerce.number() });

const INGESTED_THROUGH = `SELECT log_partition AS partition, max(log_offset) AS offset FROM ${movementsTable} GROUP BY log_partition`;
const throughSchema = z.object({ partition: z.coerce.number(), offset: z.coerce.number() });

export interface ClickHouseLedgerHistoryOptions {
  /** Events per page of the audit's read (`readAll`); tests page small histories with a few. */
  auditPage?: number;
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
  private readonly auditPage: number;

  constructor(
    private readonly querier: AnalyticsQuerier,
    options: ClickHouseLedgerHistoryOptions = {},
  ) {
    this.auditPage = options.auditPage ?? AUDIT_PAGE;
  }

  async *movementEvents(query: LedgerHistoryQuery): AsyncIterable<LedgerEvent> {
    let after = { partition: 0, offset: -1 };
    for (;;) {
      const page = await this.querier.query({ sql: MOVEMENT_PAGE, params: { ...userParams(query), ...after }, schema: pageRowSchema });
      for (const row of page) yield ledgerEventSchema.parse(JSON.parse(row.payload));
      const last = page.at(-1);
      if (!last || page.length < PAGE) return;
      after = { partition: last.log_partition, offset: last.log_offset };
    }
  }

  async usageTotals(query: LedgerHistoryQuery & { from: number; to: number }): Promise<UsageTotal[]> {
    return this.querier.query({ sql: USAGE_TOTALS, params: { ...userParams(query), from: query.from, to: query.to }, schema: usageTotalSchema });
  }

  /**
   * Every event once, one user after another and each user's in log order (a token's limit and
   * its debits are applied in that order), a page at a time after the last key read. Each page is
   * a range of `ledger_log_order`'s index, so a history is read once whatever its size or the size
   * of one user's share, and the reader holds one page (chdb hands a whole result over at once).
   */
  async *readAll(): AsyncIterable<StoredEvent> {
    const [last] = await this.querier.query({ sql: LAST_KEY, schema: keySchema });
    if (!last) return;
    let cursor = { user: 0, partition: 0, offset: -1 };
    for (;;) {
      const [end] = await this.querier.query({ sql: PAGE_END, params: { ...cursor, skip: this.auditPage - 1 }, schema: keySchema });
      const to = end ?? last;
      const params = { ...cursor, endUser: to.user_id, endPartition: to.log_partition, endOffset: to.log_offset };
      const page = await this.querier.query({ sql: PAGE_EVENTS, params, schema: auditRowSchema });
      for (const row of page) yield { partition: row.log_partition, offset: row.log_offset, event: ledgerEventSchema.parse(JSON.parse(row.payload)) };
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
