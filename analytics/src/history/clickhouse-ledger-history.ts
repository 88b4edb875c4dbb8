import type { EventLogReader, LedgerHistory, LedgerHistoryQuery, StoredEvent, UsageTotal } from '@tollgate/ledger';
import { type LedgerEvent, ledgerEventSchema } from '@tollgate/wire';
import { z } from 'zod';
import { movementsTable } from '../ingest/movement-rows.js';
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

/** Events per page of the audit's read. */
const AUDIT_PAGE = 20_000;

/**
 * Every event once, one user after another and each user's in log order (a token's limit and its
 * debits are applied in that order), a page at a time after the last row read: chdb hands a
 * query's whole result over at once (a million events' JSON was past what one decode takes), so
 * the reader holds one page whatever the history's size.
 */
const EVERY_EVENT = `
  SELECT user_id, payload, log_partition, log_offset FROM ${movementsTable} FINAL
  WHERE user_id >= {user:UInt64} AND (user_id, log_partition, log_offset) > ({user:UInt64}, {partition:UInt32}, {offset:Int64})
  ORDER BY user_id, log_partition, log_offset LIMIT ${AUDIT_PAGE}`;
const auditRowSchema = pageRowSchema.extend({ user_id: z.coerce.number() });

const INGESTED_THROUGH = `SELECT log_partition AS partition, max(log_offset) AS offset FROM ${movementsTable} GROUP BY log_partition`;
const throughSchema = z.object({ partition: z.coerce.number(), offset: z.coerce.number() });

function userParams({ userId }: LedgerHistoryQuery) {
  return { all: userId === undefined, userId: userId ?? 0 };
}

/**
 * The ledger's history read from ClickHouse (`ledger_movements`, written by the analytics
 * ingestion), so statements and the audit outlive the topic's retention and cost what the users
 * and the period hold, not the topic's age. Same SQL on chdb and on a server.
 */
export class ClickHouseLedgerHistory implements LedgerHistory, EventLogReader {
  constructor(private readonly querier: AnalyticsQuerier) {}

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

  async *readAll(): AsyncIterable<StoredEvent> {
    let after = { user: 0, partition: 0, offset: -1 };
    for (;;) {
      const page = await this.querier.query({ sql: EVERY_EVENT, params: after, schema: auditRowSchema });
      for (const row of page) yield { partition: row.log_partition, offset: row.log_offset, event: ledgerEventSchema.parse(JSON.parse(row.payload)) };
      const last = page.at(-1);
      if (!last || page.length < AUDIT_PAGE) return;
      after = { user: last.user_id, partition: last.log_partition, offset: last.log_offset };
    }
  }

  /** Per partition, the last offset kept: the audit waits for the ingestion to reach the ledger's checkpoints. */
  async ingestedThrough(): Promise<Map<number, number>> {
    const rows = await this.querier.query({ sql: INGESTED_THROUGH, schema: throughSchema });
    return new Map(rows.map((row) => [row.partition, row.offset]));
  }
}
