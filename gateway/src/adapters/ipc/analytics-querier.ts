import type { AnalyticsQuerier, InsertRow, OutputFormat, QueryParams, SelectQuery } from '@tollgate/analytics';
import { z } from 'zod';
import type { IpcClient } from './client.js';
import { handle, type PortHandlers } from './owner.js';

const paramsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
const sqlSchema = z.string().min(1).max(100_000);
/** Rows cross as the engine gave them; the worker's own schema parses them, as the engine's adapter would. */
const anyRow = z.record(z.string(), z.unknown());

/**
 * The owner's side of the analytics engine: chdb may have one opener, and no thread may load it
 * (docs/benchmarks.md), so relay workers query the owner's. An export's bytes come back whole, as
 * base64 chunks (exports are bounded by their own row limits).
 */
export function analyticsQuerierHandlers(querier: AnalyticsQuerier): PortHandlers {
  return {
    query: handle(z.tuple([sqlSchema, paramsSchema.optional()]), ([sql, params]) => querier.query({ sql, ...(params ? { params } : {}), schema: anyRow })),
    queryBytes: handle(z.tuple([sqlSchema, paramsSchema.optional(), z.literal('Parquet')]), async ([sql, params, format]) => {
      const chunks: string[] = [];
      for await (const chunk of querier.queryBytes({ sql, ...(params ? { params } : {}), format })) chunks.push(Buffer.from(chunk).toString('base64'));
      return chunks;
    }),
    insert: handle(z.tuple([z.string().min(1).max(200), z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])))]), ([table, rows]) => querier.insert(table, rows)),
    command: handle(z.tuple([sqlSchema, paramsSchema.optional()]), ([sql, params]) => querier.command(sql, params)),
  };
}

/** A relay worker's analytics engine: the owner's, one round trip a statement. */
export class IpcAnalyticsQuerier implements AnalyticsQuerier {
  constructor(private readonly client: IpcClient) {}

  async query<Schema extends z.ZodType>(query: SelectQuery<Schema>): Promise<Array<z.infer<Schema>>> {
    const rows = z.array(z.unknown()).parse(await this.client.call('analytics', 'query', [query.sql, query.params]));
    return rows.map((row) => query.schema.parse(row) as z.infer<Schema>);
  }

  async *queryBytes(query: { sql: string; params?: QueryParams; format: OutputFormat }): AsyncIterable<Uint8Array> {
    const chunks = z.array(z.string()).parse(await this.client.call('analytics', 'queryBytes', [query.sql, query.params, query.format]));
    for (const chunk of chunks) yield new Uint8Array(Buffer.from(chunk, 'base64'));
  }

  async insert(table: string, rows: readonly InsertRow[]): Promise<void> {
    await this.client.call('analytics', 'insert', [table, rows]);
  }

  async command(sql: string, params?: QueryParams): Promise<void> {
    await this.client.call('analytics', 'command', [sql, params]);
  }

  /** The engine is the owner's: it closes it. */
  async close(): Promise<void> {}
}
