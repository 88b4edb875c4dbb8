import type { AnalyticsQuerier, InsertRow, OutputFormat, QueryParams, SelectQuery } from '@tollgate/analytics';
import { z } from 'zod';
import type { IpcClient } from './client.js';
import { handle, type IpcOwner, type PortHandlers } from './owner.js';

const paramsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
const sqlSchema = z.string().min(1).max(100_000);
/** Rows cross as the engine gave them; the worker's own schema parses them, as the engine's adapter would. */
const anyRow = z.record(z.string(), z.unknown());
const BYTES = 'analytics-bytes';
const chunkSchema = z.object({ stream: z.number().int(), chunk: z.string() });

/**
 * The owner's side of the analytics engine: chdb may have one opener, and no thread may load it
 * (docs/benchmarks.md), so relay workers query the owner's. An export's bytes are pushed to the
 * asking worker chunk by chunk as the engine writes them (base64), the call's answer after the last.
 */
export function analyticsQuerierHandlers(querier: AnalyticsQuerier, owner: IpcOwner): PortHandlers {
  return {
    query: handle(z.tuple([sqlSchema, paramsSchema.nullable()]), ([sql, params]) => querier.query({ sql, ...(params ? { params } : {}), schema: anyRow })),
    queryBytes: handle(z.tuple([z.number().int(), sqlSchema, paramsSchema.nullable(), z.literal('Parquet')]), async ([stream, sql, params, format], peer) => {
      for await (const chunk of querier.queryBytes({ sql, ...(params ? { params } : {}), format })) owner.push(peer, BYTES, { stream, chunk: Buffer.from(chunk).toString('base64') });
    }),
    insert: handle(z.tuple([z.string().min(1).max(200), z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])))]), ([table, rows]) => querier.insert(table, rows)),
    command: handle(z.tuple([sqlSchema, paramsSchema.nullable()]), ([sql, params]) => querier.command(sql, params ?? undefined)),
  };
}

/** A relay worker's analytics engine: the owner's, one round trip a statement. */
export class IpcAnalyticsQuerier implements AnalyticsQuerier {
  private nextStream = 1;

  constructor(private readonly client: IpcClient) {}

  async query<Schema extends z.ZodType>(query: SelectQuery<Schema>): Promise<Array<z.infer<Schema>>> {
    const rows = z.array(z.unknown()).parse(await this.client.call('analytics', 'query', [query.sql, query.params ?? null]));
    return rows.map((row) => query.schema.parse(row) as z.infer<Schema>);
  }

  /** Yields each chunk as it arrives; the call's answer (after the last chunk, on the same ordered link) ends it. */
  async *queryBytes(query: { sql: string; params?: QueryParams; format: OutputFormat }): AsyncIterable<Uint8Array> {
    const stream = this.nextStream++;
    const arrived: Uint8Array[] = [];
    let wake: () => void = () => {};
    const stop = this.client.onPush(BYTES, (payload) => {
      const message = chunkSchema.safeParse(payload);
      if (!message.success || message.data.stream !== stream) return;
      arrived.push(new Uint8Array(Buffer.from(message.data.chunk, 'base64')));
      wake();
    });
    let done = false;
    const finished = this.client.call('analytics', 'queryBytes', [stream, query.sql, query.params ?? null, query.format]).finally(() => {
      done = true;
      wake();
    });
    finished.catch(() => undefined); // awaited below; a consumer that stops early must not leave it unhandled
    try {
      while (true) {
        const chunk = arrived.shift();
        if (chunk) yield chunk;
        else if (done) break;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
      await finished; // an engine failure mid-export fails the export
    } finally {
      stop();
    }
  }

  async insert(table: string, rows: readonly InsertRow[]): Promise<void> {
    await this.client.call('analytics', 'insert', [table, rows]);
  }

  async command(sql: string, params?: QueryParams): Promise<void> {
    await this.client.call('analytics', 'command', [sql, params ?? null]); // JSON has no undefined in an array: absent params travel as null
  }

  /** The engine is the owner's: it closes it. */
  async close(): Promise<void> {}
}
