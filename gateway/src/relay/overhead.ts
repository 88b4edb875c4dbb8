import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { unhandledRejections } from '../ops/process-failures.js';
import { FixedHistogram } from './fixed-histogram.js';

/** The response header that reports the gateway's own time for the request. */
export const OVERHEAD_HEADER = 'x-tollgate-overhead-ms';

/** The relay's Prometheus metrics, in a registry of the app's own (tests run several apps). */
export interface RelayMetrics {
  registry: Registry;
  /** Labelled by `stream` ("true" or "false"). */
  overhead: FixedHistogram;
  response: FixedHistogram;
}

/**
 * Why the process metrics: the overhead header stops at the response headers, but work the relay
 * defers (settling, event appends, live pushes) still runs on the same event loop before the next
 * request is read. Event-loop delay (prom-client's `nodejs_eventloop_lag_*`, from
 * `monitorEventLoopDelay`) and utilisation show that cost, which no per-request timer can.
 * They describe the process, so they are made once per process, whatever the number of apps in it.
 */
let processMetrics: Registry | undefined;

function processRegistry(): Registry {
  if (processMetrics) return processMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  let since = performance.eventLoopUtilization();
  new Gauge({
    name: 'tollgate_event_loop_utilization',
    help: 'Share of time the event loop was busy since the previous scrape (0 to 1).',
    registers: [registry],
    collect() {
      const now = performance.eventLoopUtilization();
      this.set(performance.eventLoopUtilization(now, since).utilization);
      since = now;
    },
  });
  registry.registerMetric(unhandledRejections);
  return (processMetrics = registry);
}

export function createRelayMetrics(): RelayMetrics {
  const relay = new Registry();
  const overhead = new FixedHistogram(
    'tollgate_gateway_overhead_seconds',
    "Time the gateway added to a relayed request: total until the client's response headers, minus the upstream's time.",
    'stream',
    [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1],
    [relay],
  );
  const response = new FixedHistogram(
    'tollgate_gateway_response_seconds',
    "Time from a relayed request's arrival until its response finished (the whole body, upstream time included).",
    'stream',
    [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    [relay],
  );
  return { registry: Registry.merge([relay, processRegistry()]), overhead, response };
}

/**
 * Times one request: everything from its arrival (Fastify's clock, so parsing and auth count) to
 * the client's response headers, less the time spent waiting on upstreams (every attempt; the
 * whole body for a JSON answer, the headers for a stream).
 */
export class OverheadClock {
  private upstreamFrom = 0;
  private upstreamTo = 0;

  constructor(
    private readonly metrics: RelayMetrics,
    private readonly stream: boolean,
    /** Milliseconds since the request arrived. */
    private readonly elapsedMs: () => number,
  ) {}

  /** Observes the whole response time once the client's response has finished. */
  timeResponse(raw: { once(event: 'finish', listener: () => void): unknown }): void {
    raw.once('finish', () => this.metrics.response.observe(this.stream ? 'true' : 'false', this.elapsedMs() / 1000));
  }

  upstreamStarted(): void {
    this.upstreamFrom = performance.now();
  }

  upstreamAnswered(): void {
    this.upstreamTo = performance.now();
  }

  /** Records the overhead so far and returns it in milliseconds, for the header. */
  report(): string {
    const ms = this.elapsedMs() - (this.upstreamTo - this.upstreamFrom);
    this.metrics.overhead.observe(this.stream ? 'true' : 'false', ms / 1000);
    return ms.toFixed(3);
  }
}
