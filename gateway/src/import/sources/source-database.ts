/** One row of a source table, as its driver returns it (numbers, strings, nulls; bigints on MySQL). */
export type SourceRow = Record<string, unknown>;

/**
 * A new-api or one-api database, read only: a SQLite file, MySQL/MariaDB or PostgreSQL, one
 * adapter each (sources/*-source-database.ts).
 */
export interface SourceDatabase {
  /** False for tables an older one-api never had (midjourneys, tasks, top_ups, ...). */
  hasTable(table: string): Promise<boolean>;
  count(table: string): Promise<number>;
  /** Rows of a table with an integer `id` whose id is at most `lastId`. */
  countThrough(table: string, lastId: number): Promise<number>;
  /**
   * The rows of a table with an integer `id`, in id order, `size` at a time: keyset pages, so
   * memory stays flat however many millions of rows the table holds. Starts above `afterId`.
   */
  batches(table: string, size: number, afterId?: number): AsyncIterable<SourceRow[]>;
  /** Every row of a small table without an integer id (options, abilities). */
  all(table: string): Promise<SourceRow[]>;
  close(): Promise<void>;
}
