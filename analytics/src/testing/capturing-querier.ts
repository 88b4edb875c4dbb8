import type { z } from 'zod';
import type { AnalyticsQuerier, InsertRow, QueryParams, SelectQuery } from '../ports/analytics-querier.js';

export interface CapturedQuery {
  sql: string;
  params: QueryParams;
}

/** Answers a captured query with raw rows (before the query's schema parses them). */
export type RowResponder = (query: CapturedQuery) => unknown[];

/** Records what a query sends instead of running it, so SQL can be checked without an engine. */
export class CapturingQuerier implements AnalyticsQuerier {
  readonly queries: CapturedQuery[] = [];
  readonly inserts: Array<{ table: string; rows: InsertRow[] }> = [];

  /** The inserts into `logs` only (every batch also writes the ledger's kept history, `ledger_movements`). */
  get logInserts(): Array<{ table: string; rows: InsertRow[] }> {
    return this.inserts.filter((insert) => insert.table === 'logs');
  }
  readonly commands: CapturedQuery[] = [];

  constructor(private readonly respond: RowResponder = () => []) {}

  async query<Schema extends z.ZodType>(query: SelectQuery<Schema>): Promise<Array<z.infer<Schema>>> {
    const captured = { sql: normalizeSql(query.sql), params: query.params ?? {} };
    this.queries.push(captured);
    return this.respond(captured).map((row) => query.schema.parse(row));
  }

  async *queryBytes(query: { sql: string; params?: QueryParams }): AsyncIterable<Uint8Array> {
    this.queries.push({ sql: normalizeSql(query.sql), params: query.params ?? {} });
    // Captures the query only: the stream it answers with is empty.
    yield* [];
  }

  async insert(table: string, rows: readonly InsertRow[]): Promise<void> {
    this.inserts.push({ table, rows: [...rows] });
  }

  async command(sql: string, params: QueryParams = {}): Promise<void> {
    this.commands.push({ sql: normalizeSql(sql), params });
  }

  async close(): Promise<void> {}
}

/** Collapses whitespace so tests can compare SQL written across lines. */
export function normalizeSql(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim();
}
