import type { z } from 'zod';

/** Values bound to `{name:Type}` placeholders; never interpolated into the SQL text. */
export type QueryParams = Record<string, string | number | boolean>;

/** A row as written by `insert`: column name to JSON value (JSONEachRow). */
export type InsertRow = Record<string, string | number | boolean>;

/** The engine output formats a caller may ask `queryBytes` for. */
export type OutputFormat = 'Parquet';

export interface SelectQuery<Schema extends z.ZodType> {
  sql: string;
  params?: QueryParams;
  /** Validates (and coerces) every row, so a server's quoted 64-bit ints and chdb's numbers agree. */
  schema: Schema;
}

/**
 * The one door to ClickHouse. Queries are written once in ClickHouse SQL and run
 * unchanged on the embedded engine (chdb) and on a server, so they take this port,
 * never a client.
 */
export interface AnalyticsQuerier {
  /** Runs a SELECT and returns its rows parsed by `schema`; a row that does not parse throws. */
  query<Schema extends z.ZodType>(query: SelectQuery<Schema>): Promise<Array<z.infer<Schema>>>;
  /**
   * Runs a SELECT and streams its result as the engine writes it in an output `format` (Parquet):
   * the bytes are ClickHouse's own, chunk by chunk, never parsed here.
   */
  queryBytes(query: { sql: string; params?: QueryParams; format: OutputFormat }): AsyncIterable<Uint8Array>;
  /** Appends rows to `table` in one insert. */
  insert(table: string, rows: readonly InsertRow[]): Promise<void>;
  /** Runs a statement that returns no rows (DDL, DELETE). */
  command(sql: string, params?: QueryParams): Promise<void>;
  /** Releases the connection; the querier is unusable afterwards. */
  close(): Promise<void>;
}
