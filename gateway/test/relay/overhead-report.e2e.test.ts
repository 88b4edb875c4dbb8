import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/**
 * The gateway reports its own time per request (total minus the upstream's) as a header and as a
 * Prometheus histogram. The mock upstream takes 200 ms, so a report that forgot to subtract it
 * could not pass; the figures themselves are for `npm run bench`, not for this test.
 */
const UPSTREAM_MS = 200;

describe('gateway overhead reporting', () => {
  let fixture: EmbeddedFixture;
  let key: string;

  const chat = (stream: boolean) =>
    fetch(`${fixture.tollgate.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-model', stream, messages: [{ role: 'user', content: 'hi' }] }),
    });

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ latencyMs: UPSTREAM_MS, reply: 'one' }, { METRICS_PORT: '0' });
    await addMockChannel(fixture);
    ({ key } = await userWithKey(fixture, 'lee', 100_000));
  });

  afterAll(async () => fixture?.close());

  const scrape = async () => (await fetch(`${fixture.tollgate.metricsUrl}/metrics`)).text();

  it('sends x-tollgate-overhead-ms without the upstream time, plain and streamed', async () => {
    for (const stream of [false, true]) {
      const response = await chat(stream);
      expect(response.status).toBe(200);
      await response.text();
      const overhead = Number(response.headers.get('x-tollgate-overhead-ms'));
      expect(overhead).toBeGreaterThanOrEqual(0);
      expect(overhead).toBeLessThan(UPSTREAM_MS / 2);
    }
  });

  it('exposes the histogram on the metrics listener\'s /metrics, one observation per answered request', async () => {
    const text = await scrape();
    expect(text).toContain('# TYPE tollgate_gateway_overhead_seconds histogram');
    expect(text).toMatch(/tollgate_gateway_overhead_seconds_count\{stream="false"\} 1\n/);
    expect(text).toMatch(/tollgate_gateway_overhead_seconds_count\{stream="true"\} 1\n/);
  });

  it('times each whole response, upstream included, and reports the event loop', async () => {
    const text = await scrape();
    const responseSum = (stream: boolean) => Number(new RegExp(`tollgate_gateway_response_seconds_sum\\{stream="${stream}"\\} (\\S+)`).exec(text)?.[1]);
    expect(responseSum(false)).toBeGreaterThanOrEqual(UPSTREAM_MS / 1000);
    expect(responseSum(true)).toBeGreaterThanOrEqual(UPSTREAM_MS / 1000);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    const utilization = Number(/^tollgate_event_loop_utilization (\S+)$/m.exec(text)?.[1]);
    expect(utilization).toBeGreaterThan(0);
    expect(utilization).toBeLessThanOrEqual(1);
  });
});
