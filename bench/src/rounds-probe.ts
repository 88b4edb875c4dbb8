import { Pool } from 'undici';
import { canPin, pinSelf } from './processes.js';
import { startBareProxy, startMockProcess } from './mock-process.js';
import { startTollgate } from './tollgate-process.js';
import { bareProxySide, chatBody, tollgateSide, type Side } from './sides.js';

/**
 * Closed-loop c=64 rounds against the 0 ms mock, the bare proxy and Tollgate alternating on the
 * gateway's core, each round's RPS and Tollgate's share of the bare relay's: whether Tollgate's
 * throughput falls as its history grows (issue #37). `tsx src/rounds-probe.ts`; BENCH_ROUND_SECONDS
 * (15), BENCH_ROUNDS (6), BENCH_CPU_PROF (a folder for the gateway's profile).
 */
const roundSeconds = Number(process.env.BENCH_ROUND_SECONDS ?? 15);
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const [concurrency, delayMs] = [64, 0];

async function closedLoop(side: Side, seconds: number): Promise<number> {
  const url = new URL(side.url(delayMs));
  const pool = new Pool(url.origin, { connections: concurrency });
  const body = chatBody(delayMs, false);
  const end = performance.now() + seconds * 1000;
  let ok = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const r = await pool.request({ path: url.pathname, method: 'POST', headers: side.headers, body });
      await r.body.text();
      if (r.statusCode === 200) ok++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await pool.close();
  return ok / seconds;
}

const pin = canPin(true);
pinSelf(0, pin);
const mock = await startMockProcess(pin ? 0 : undefined);
const proxy = await startBareProxy(mock.url, pin ? 1 : undefined);
const gateway = await startTollgate('embedded', {}, mock.url, pin ? 1 : undefined, process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []);
try {
  await new Promise((r) => setTimeout(r, 3_000));
  const bare = bareProxySide(proxy.url);
  const toll = tollgateSide(gateway.url, gateway.key, gateway.metricsUrl);
  for (let i = 0; i < rounds; i++) {
    const b = await closedLoop(bare, roundSeconds);
    const t = await closedLoop(toll, roundSeconds);
    console.log(`round ${i + 1}: bare ${b.toFixed(0)} req/s, tollgate ${t.toFixed(0)} req/s, tollgate at ${((t / b) * 100).toFixed(1)}% of bare`);
  }
} finally {
  await gateway.stop();
  await proxy.stop();
  await mock.stop();
}
