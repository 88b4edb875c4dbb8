import Fastify from 'fastify';
import type { GatewayConfig } from '../config.js';
import type { RelayMetrics } from '../relay/overhead.js';
import { registerMetrics } from '../ops/routes/metrics.js';

/** The listener that serves /metrics alone, away from the public port. */
export interface MetricsListener {
  /** `http://host:port`; the scrape is at `${url}/metrics`. */
  url: string;
  close(): Promise<void>;
}

type MetricsConfig = Pick<GatewayConfig, 'METRICS_PORT' | 'METRICS_HOST' | 'METRICS_TOKEN'>;

/**
 * Starts the metrics listener on METRICS_HOST:METRICS_PORT (loopback by default), or none when
 * METRICS_PORT is unset. It answers nothing but /metrics, with the bearer check when
 * METRICS_TOKEN is set.
 */
export async function startMetricsListener(metrics: RelayMetrics, config: MetricsConfig): Promise<MetricsListener | null> {
  if (config.METRICS_PORT === undefined) return null;
  const app = Fastify({ logger: false });
  registerMetrics(app, metrics, config.METRICS_TOKEN);
  const address = await app.listen({ port: config.METRICS_PORT, host: config.METRICS_HOST });
  return { url: address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1'), close: () => app.close() };
}
