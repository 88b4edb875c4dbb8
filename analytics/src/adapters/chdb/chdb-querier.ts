import { createClient, type ClickHouseClientConfigOptions } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import type { AnalyticsQuerier } from '../../ports/analytics-querier.js';
import { createClientQuerier, sharedClickHouseSettings } from '../shared/client-querier.js';

export interface ChdbQuerierOptions {
  /**
   * The on-disk data directory. chdb runs one engine per process: a second querier on the
   * same path shares it, a different path is rejected until every querier on the first is closed.
   */
  path: string;
}

/** ClickHouse in-process (embedded mode); tables live in the engine's `default` database. */
/**
 * chdb types its connection against the separate `@clickhouse/client-common` package, while
 * `@clickhouse/client` 1.23.1 bundles its own copy of the same interface; the shapes match at run
 * time but the two `ClickHouseSettings` declarations are nominally different to TypeScript.
 */
type ClientConnection = NonNullable<ClickHouseClientConfigOptions['connection']>;

export function createChdbQuerier({ path }: ChdbQuerierOptions): AnalyticsQuerier {
  const client = createClient({
    connection: createChdbConnection({ path }) as unknown as ClientConnection,
    clickhouse_settings: sharedClickHouseSettings,
  });
  return createClientQuerier(client);
}
