/** The analytics test tiers' one reader of the environment (as gateway/test/support/config.ts is the gateway's): each engine a tier needs, checked. */
import { z } from 'zod';

const url = z.string().startsWith('http', { message: 'CLICKHOUSE_URL must name a ClickHouse server for this tier' });

/** The ClickHouse server the clickhouse-server tier runs against; fails loudly (never skips) when none is named. */
export function clickHouseServerUrl(): string {
  return url.parse(process.env.CLICKHOUSE_URL ?? '');
}

const broker = z.string().min(1, { message: 'KAFKA_BROKERS must name a Kafka broker for the cluster tier (bash infra/local/with-engines.sh ...)' });

/** The Kafka broker(s) of the cluster tier (infra/local); fails loudly (never skips) when none is named. */
export function kafkaBrokersForTests(): string {
  return broker.parse(process.env.KAFKA_BROKERS ?? '');
}
