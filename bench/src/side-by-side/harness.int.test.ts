import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timedStream } from './http-client.js';
import { measureLatency } from './latency.js';
import { measureSaturation } from './saturation.js';
import { offerLoad, sustained } from './load.js';
import { type MockProcess, startBareProxy, startMockProcess } from '../processes/mock-process.js';
import { STREAM_CHUNKS } from '../processes/mock-upstream.js';
import { bareProxySide, chatBody, directSide, type Side } from './sides.js';

/**
 * The harness on the mock alone, in seconds: the mock runs as its own process, each measurement
 * tool reads it correctly. The gateway's figures are `npm run bench`'s job, not this test's.
 */
describe('bench harness against the mock upstream', () => {
  let mock: MockProcess;
  let direct: Side;

  beforeAll(async () => {
    mock = await startMockProcess(undefined);
    direct = directSide(mock.url);
  });

  afterAll(async () => mock?.stop());

  it('waits the delay its path prefix names', async () => {
    const started = performance.now();
    const response = await fetch(direct.url(20), { method: 'POST', headers: direct.headers, body: chatBody(20, false) });
    const answer = (await response.json()) as { usage: { completion_tokens: number } };
    expect(performance.now() - started).toBeGreaterThanOrEqual(19);
    expect(answer.usage.completion_tokens).toBe(16);
  });

  it('streams 64 chunks about 20 ms apart, then usage and [DONE]', async () => {
    const timing = await timedStream(direct.url(0), direct.headers, chatBody(0, true));
    expect(timing.ok).toBe(true);
    expect(timing.gapsMs).toHaveLength(STREAM_CHUNKS - 1);
    const sorted = [...timing.gapsMs].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThanOrEqual(15);
  });

  it('streams the burst path (/d0g0) with its chunks back to back', async () => {
    const started = performance.now();
    const timing = await timedStream(direct.burst.url, direct.headers, chatBody(0, true));
    expect(timing.ok).toBe(true);
    expect(timing.gapsMs.length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(STREAM_CHUNKS * 15);
  });

  it('finds no added latency when both sides are the mock', async () => {
    const rows = await measureLatency(direct, { ...direct, name: 'tollgate' }, { rounds: 2, requestsPerRound: 20 });
    const added = Number.parseFloat(rows[0]?.added ?? 'NaN');
    expect(Math.abs(added)).toBeLessThan(5);
  });

  it('passes a call and a stream through the bare proxy unchanged, and measures it as a third side', async () => {
    const proxy = await startBareProxy(mock.url, undefined);
    try {
      const side = bareProxySide(proxy.url);
      const response = await fetch(side.url(0), { method: 'POST', headers: side.headers, body: chatBody(0, false) });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { usage: { completion_tokens: number } }).usage.completion_tokens).toBe(16);
      const timing = await timedStream(side.url(0), side.headers, chatBody(0, true));
      expect(timing.ok).toBe(true);
      expect(timing.gapsMs).toHaveLength(STREAM_CHUNKS - 1);
      const rows = await measureLatency(direct, { ...direct, name: 'tollgate' }, { rounds: 3, requestsPerRound: 10 }, side);
      expect(rows.at(-1)?.measure).toContain('bare pass-through proxy');
      expect(Number.parseFloat(rows.at(-1)?.added ?? 'NaN')).toBeGreaterThan(0);
    } finally {
      await proxy.stop();
    }
  });

  it('offers a fixed rate and reads the result', async () => {
    const step = await offerLoad(direct, 20, 100, 2);
    expect(step.failures).toBe(0);
    // Loose on purpose: a neighbour on the shared machine may slow a 2 s window; the rule is tested below.
    expect(step.achieved).toBeGreaterThan(50);
    expect(step.p99Ms).toBeGreaterThanOrEqual(20);
  });

  it('paces the rate evenly over each second instead of sending it as a burst', async () => {
    const arrivals: number[] = [];
    const server = createServer((request, response) => {
      arrivals.push(performance.now());
      request.resume().on('end', () => response.end('{}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const step = await offerLoad({ ...direct, url: () => `http://127.0.0.1:${port}/v1/chat/completions` }, 0, 100, 2);
      expect(step.failures).toBe(0);
      expect(arrivals).toHaveLength(200);
      // Due 10 ms apart: any 100 ms of the step sees about ten, where a burst would put 100 in one.
      const busiest = Math.max(...arrivals.map((at) => arrivals.filter((other) => other >= at && other < at + 100).length));
      expect(busiest).toBeLessThanOrEqual(20);
    } finally {
      server.close();
    }
  });

  it('sustains a step only with no failures, p99 under 1 s and 95% of the rate served', () => {
    const step = { offered: 1_000, achieved: 990, p99Ms: 400, failures: 0 };
    expect(sustained(step)).toBe(true);
    expect(sustained({ ...step, failures: 1 })).toBe(false);
    expect(sustained({ ...step, p99Ms: 1_000 })).toBe(false);
    expect(sustained({ ...step, achieved: 900 })).toBe(false);
  });
  it('saturates both sides in a closed loop and reports each round, the share and the latency ratio', async () => {
    const mockSide = { ...direct, pid: mock.pid };
    // The gateway's metrics listener, as far as the loop's view reads it: one scrape before and one after each round.
    let scrapes = 0;
    const metrics = createServer((_request, response) => {
      scrapes += 1;
      response.end('nodejs_eventloop_lag_max_seconds 0.0042\nnodejs_eventloop_lag_p99_seconds 0.0011\ntollgate_event_loop_utilization 0.5\nprocess_cpu_seconds_total 1\n');
    });
    await new Promise<void>((resolve) => metrics.listen(0, '127.0.0.1', resolve));
    const metricsUrl = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}/metrics`;
    const rows = await measureSaturation({ ...mockSide, name: 'bare proxy' }, { ...mockSide, name: 'tollgate', metricsUrl }, { concurrency: 8, roundSeconds: 1, rounds: 2, streamsPerRound: 5 }, () => {}).finally(() => metrics.close());
    const [share, perRound, p50, , cpu, loop, firstP50, firstP99, stability, threadCpu] = rows;
    expect(loop?.tollgate).toBe('1.1, 1.1 / 4.2, 4.2 ms');
    expect(scrapes).toBe(2 * (1 + 2 * 2)); // the warm-up and each round's two loops, c=64 and c=1
    expect(stability?.measure).toContain("last minute's RPS as a share of the first minute's");
    // The same process on both sides, so its threads' CPU a call is about the same.
    expect(Number.parseFloat(threadCpu?.added ?? 'NaN')).toBeGreaterThan(0.5);
    expect(Number.parseFloat(threadCpu?.added ?? 'NaN')).toBeLessThan(2);
    // Both sides are the same mock: about the same RPS, every round counted.
    expect(Number.parseFloat(share?.added ?? 'NaN')).toBeGreaterThan(50);
    expect(perRound?.tollgate.split(', ')).toHaveLength(2);
    expect(Number.parseFloat(perRound?.tollgate ?? '0')).toBeGreaterThan(100);
    expect(Number.parseFloat(p50?.added ?? 'NaN')).toBeGreaterThan(0.3);
    // The same process on both sides: some CPU per call, about the same.
    expect(Number.parseFloat(cpu?.tollgate ?? 'NaN')).toBeGreaterThan(0);
    expect(cpu?.added).toMatch(/^the bare relay's is \d+% of Tollgate's$/);
    expect(firstP50?.measure).toMatch(/first token p50 \(10 streams a side\)/);
    expect(Number.parseFloat(firstP99?.tollgate ?? 'NaN')).toBeGreaterThan(0);
  });
});
