import { z } from 'zod';

const url = z.string().startsWith('http', { message: 'CLICKHOUSE_URL must name a ClickHouse server for this tier' });

/** The ClickHouse server the clickhouse-server tier runs against; fails loudly (never skips) when none is named. */
export function clickHouseServerUrl(): string {
  return url.parse(process.env.CLICKHOUSE_URL ?? '');
}
