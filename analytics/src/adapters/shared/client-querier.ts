import type { ClickHouseClient } from '@clickhouse/client';
import type { AnalyticsQuerier } from '../../ports/analytics-querier.js';

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

export function createClientQuerier(client: ClickHouseClient): AnalyticsQuerier {
  return {
    async query({ sql, params, schema }) {
      const result = await client.query({ query: sql, query_params: params, format: 'JSONEachRow' });
      const rows = await result.json<unknown>();
      return rows.map((row) => schema.parse(row));
    },
    async insert(table, rows) {
      if (rows.length === 0) {
        return;
      }
      await client.insert({ table, values: [...rows], format: 'JSONEachRow' });
    },
    async command(sql, params) {
      await client.command({ query: sql, query_params: params });
    },
    async close() {
      await client.close();
    },
  };
}
