import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AnalyticsQuerier, InsertRow } from '../ports/analytics-querier.js';

/** One line of a statement, as every format writes it (migration 0005 holds the same columns). */
export const statementLineSchema = z.object({
  user_id: z.number().int().nonnegative(),
  username: z.string(),
  /** `opening`, a movement kind (`payment`, `admin`, … `consumption`), or `closing`. */
  line: z.string(),
  /** UTC `YYYY-MM-DD HH:MM:SS`; a consumption line's day at 00:00:00. */
  time: z.string(),
  event_id: z.string(),
  /** The administrator of an admin change; null on every other line. */
  actor_id: z.number().int().nonnegative().nullable(),
  model_name: z.string(),
  requests: z.number().int().nonnegative(),
  /** A movement's change to the quota; the balance on `opening` and `closing`. */
  quota: z.number().int(),
  /** `quota` in dollars (QuotaPerUnit quota to the dollar). */
  usd: z.number(),
  /** `usd` in `currency`, the one the console shows quota in (general_setting.quota_display_type). */
  money: z.number(),
  currency: z.string(),
  content: z.string(),
  /** On `closing`: the period's credits and debits, and closing − (opening + credits − debits); 0 elsewhere. */
  credits: z.number().int(),
  debits: z.number().int(),
  difference: z.number().int(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementLineColumns = Object.keys(statementLineSchema.shape);

const table = 'statement_lines';

/**
 * A statement as Parquet written by ClickHouse itself: the lines go into `statement_lines` under a
 * fresh id one page at a time (nothing holds more than a page), come back as the engine's Parquet
 * stream in their order, and are deleted once sent (or by the table's TTL if the reader left).
 */
export function statementParquet(querier: AnalyticsQuerier) {
  return async function* (pages: AsyncIterable<StatementLine[]>): AsyncGenerator<Uint8Array> {
    const statementId = randomUUID();
    let seq = 0;
    try {
      for await (const page of pages) {
        const rows: InsertRow[] = page.map(({ actor_id, ...line }) => ({ ...line, ...(actor_id === null ? {} : { actor_id }), statement_id: statementId, seq: seq++ }));
        await querier.insert(table, rows);
      }
      yield* querier.queryBytes({
        sql: `SELECT ${statementLineColumns.join(', ')} FROM ${table} WHERE statement_id = {statementId:String} ORDER BY seq`,
        params: { statementId },
        format: 'Parquet',
      });
    } finally {
      await querier.command(`DELETE FROM ${table} WHERE statement_id = {statementId:String}`, { statementId });
    }
  };
}
