import type { InsertRow } from '../ports/analytics-querier.js';
import type { EncodedRows } from '../ports/encoded-insert.js';

/**
 * Every key of any row: a row without one gets null, which the engine stores as the column's
 * default, as JSONEachRow does for an omitted field. A loop into one set: spreading every row's keys
 * into one array first cost 1.6 ms per 1,000 rows, more than writing the rows' JSON.
 */
function columnsOf(rows: readonly InsertRow[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const column in row) columns.add(column);
  return [...columns];
}

const encoder = new TextEncoder();

/**
 * The rows as JSONCompactEachRow (one array per row, the column names once): on chdb's raw
 * insert, 5.0 to 5.3 s for 1M rows in batches of 20,000 against 5.2 to 6.1 s as JSONEachRow.
 * The body has an ArrayBuffer of its own (TextEncoder, not Buffer's shared pool), so it can be
 * transferred to another thread without a copy.
 */
export function encodeRows(rows: readonly InsertRow[]): EncodedRows {
  const columns = columnsOf(rows);
  const text = rows.map((row) => JSON.stringify(columns.map((column) => row[column] ?? null))).join('\n');
  return { columns, body: encoder.encode(text) };
}
