import { Histogram, Registry } from 'prom-client';

/** The response header that reports the gateway's own time for the request. */
export const OVERHEAD_HEADER = 'x-tollgate-overhead-ms';

/** The relay's Prometheus metrics, in a registry of the app's own (tests run several apps). */
export interface RelayMetrics {
  registry: Registry;
  overhead: Histogram<'stream'>;
}

export function createRelayMetrics(): RelayMetrics {
  const registry = new Registry();
  const overhead = new Histogram({
    name: 'tollgate_gateway_overhead_seconds',
    help: "Time the gateway added to a relayed request: total until the client's response headers, minus the upstream's time.",
    labelNames: ['stream'],
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1],
    registers: [registry],
  });
  return { registry, overhead };
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

  upstreamStarted(): void {
    this.upstreamFrom = performance.now();
  }

  upstreamAnswered(): void {
    this.upstreamTo = performance.now();
  }

  /** Records the overhead so far and returns it in milliseconds, for the header. */
  report(): string {
    const ms = this.elapsedMs() - (this.upstreamTo - this.upstreamFrom);
    this.metrics.overhead.observe({ stream: String(this.stream) }, ms / 1000);
    return ms.toFixed(3);
  }
}
