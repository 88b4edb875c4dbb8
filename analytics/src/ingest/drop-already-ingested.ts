import { z } from 'zod';
import type { AnalyticsQuerier } from '../ports/analytics-querier.js';
import { logsTable, type LogRow } from './log-row.js';

const storedId = z.object({ id: z.string() });

// The port binds scalars only, so the id lists travel as one JSON text each and are parsed by the engine.
const asJsonArray = (values: ReadonlyArray<string | number>): string => JSON.stringify(values);

/** The batch's rows, an event appended twice (a producer's retry) once. */
export function onePerEvent(rows: LogRow[]): LogRow[] {
  return [...new Map(rows.map((row) => [row.id, row])).values()];
}

/**
 * The rows of a batch whose event is not yet in `logs`, each event once.
 *
 * At-least-once delivery re-sends a batch whose offsets were not committed. `logs` itself would
 * hide the copy (FINAL), but the per-minute rollup fed from it sums every insert, so the copy must
 * never be inserted. The lookup is bounded by the batch's time span and users, so its cost follows
 * the batch, not the table's age.
 */
export async function dropAlreadyIngested(querier: AnalyticsQuerier, rows: LogRow[]): Promise<LogRow[]> {
  const unique = onePerEvent(rows);
  if (unique.length === 0) {
    return unique;
  }
  const times = unique.map((row) => row.created_at);
  const stored = await querier.query({
    // PREWHERE on the time span first: measured on chdb over 5M rows, 37 ms per 5,000-row batch
    // against 119 ms when the user set led (the set's PK analysis costs more than it prunes).
    sql: `SELECT id FROM ${logsTable}
          PREWHERE created_at >= {from:DateTime} AND created_at <= {to:DateTime}
          WHERE user_id IN (SELECT arrayJoin(JSONExtract({userIds:String}, 'Array(UInt64)')))
            AND id IN (SELECT arrayJoin(JSONExtract({ids:String}, 'Array(String)')))`,
    params: {
      userIds: asJsonArray([...new Set(unique.map((row) => row.user_id))]),
      // reduce, not Math.min(...rows): a large batch would exceed JavaScript's argument limit.
      from: times.reduce((a, b) => Math.min(a, b)),
      to: times.reduce((a, b) => Math.max(a, b)),
      ids: asJsonArray(unique.map((row) => row.id)),
    },
    schema: storedId,
  });
  const seen = new Set(stored.map((row) => row.id));
  return unique.filter((row) => !seen.has(row.id));
}
