import { createClient } from '@clickhouse/client';
import type { AnalyticsQuerier } from '../../ports/analytics-querier.js';
import type { EncodedInserter } from '../../ports/encoded-insert.js';
import { createClientQuerier, sharedClickHouseSettings } from '../shared/client-querier.js';

export interface ClickHouseQuerierOptions {
  /** The server's HTTP endpoint, credentials allowed: `http://user:pass@host:8123`. */
  url: string;
  /** The database holding the tables; it must exist (see `ensureDatabase`). */
  database?: string;
}

/** ClickHouse server over HTTP (cluster mode). */
export function createClickHouseQuerier({ url, database }: ClickHouseQuerierOptions): AnalyticsQuerier & EncodedInserter {
  const client = createClient({ url, database, clickhouse_settings: sharedClickHouseSettings });
  return createClientQuerier(client);
}

/** Creates `database` through a connection to `default`, since a client bound to a missing database cannot. */
export async function ensureDatabase({ url, database }: Required<ClickHouseQuerierOptions>): Promise<void> {
  const client = createClient({ url });
  try {
    await client.command({ query: 'CREATE DATABASE IF NOT EXISTS {database:Identifier}', query_params: { database } });
  } finally {
    await client.close();
  }
}
