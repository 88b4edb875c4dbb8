import { Readable } from 'node:stream';
import type { ClickHouseClient } from '@clickhouse/client';
import type { AnalyticsQuerier, InsertRow } from '../../ports/analytics-querier.js';
import type { EncodedInserter, EncodedRows } from '../../ports/encoded-insert.js';

/**
 * Both adapters drive the same `@clickhouse/client`; they differ only in the connection.
 * Settings that make the two agree on the wire are set here, once.
 */
export const sharedClickHouseSettings = {
  // A server quotes 64-bit ints in JSON by default, chdb does not: ask both for numbers.
  output_format_json_quote_64bit_integers: 0,
  // DateTime columns come back as seconds, the unit of the spec's timestamps, with no alias needed.
  date_time_output_format: 'unix_timestamp',
} as const;

/** Appends rows to a table in one insert; only called with at least one row. */
export type RowInserter = (table: string, rows: readonly InsertRow[]) => Promise<void>;

/** The client's own insert: JSONEachRow over the connection (HTTP to a server). */
const clientInserter =
  (client: ClickHouseClient): RowInserter =>
  async (table, rows) => {
    await client.insert({ table, values: [...rows], format: 'JSONEachRow' });
  };

/** Appends a ready insert body to a table in one insert. */
export type EncodedRowInserter = (table: string, rows: EncodedRows) => Promise<void>;

/** Quoted for ClickHouse: the names come from our own rows, but a backtick in one must not end the quote. */
const identifier = (name: string) => `\`${name.replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``;

/** The body as the request's, the statement naming the table, columns and format (HTTP to a server). */
const clientEncodedInserter =
  (client: ClickHouseClient): EncodedRowInserter =>
  async (table, { columns, body }) => {
    const query = `INSERT INTO ${identifier(table)} (${columns.map(identifier).join(', ')}) FORMAT JSONCompactEachRow`;
    const result = await client.exec({ query, values: Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]) });
    result.stream.resume(); // an insert answers with nothing; the stream must still be drained to free the socket
  };

export function createClientQuerier(client: ClickHouseClient, insertRows: RowInserter = clientInserter(client), insertBody: EncodedRowInserter = clientEncodedInserter(client)): AnalyticsQuerier & EncodedInserter {
  return {
    async query({ sql, params, schema }) {
      const result = await client.query({ query: sql, query_params: params, format: 'JSONEachRow' });
      const rows = await result.json<unknown>();
      return rows.map((row) => schema.parse(row));
    },
    async *queryBytes({ sql, params, format }) {
      const result = await client.exec({ query: `${sql} FORMAT ${format}`, query_params: params });
      for await (const chunk of result.stream) yield chunk as Uint8Array;
    },
    async insert(table, rows) {
      if (rows.length > 0) {
        await insertRows(table, rows);
      }
    },
    async insertEncoded(table, rows) {
      if (rows.body.byteLength > 0) {
        await insertBody(table, rows);
      }
    },
    async command(sql, params) {
      await client.command({ query: sql, query_params: params });
    },
    async close() {
      await client.close();
    },
  };
}
