import { Pool } from 'undici';
import { ms, type Row } from './report.js';
import { chatBody, type Side } from './sides.js';
import { median, quantile } from './stats.js';
import { cpuBetween, cpuRow, describeCpu, stabilityRow, threadCpu, type TimedRound, totalCpu } from './stability.js';

export interface SaturationOptions {
  /** Clients each sending its next call as soon as the last is answered. */
  concurrency: number;
  roundSeconds: number;
  rounds: number;
}

interface Round {
  rps: number;
  calls: number;
  p50Ms: number;
  p99Ms: number;
}

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * `concurrency` clients in a closed loop on the 0 ms mock for `seconds`: the most a side serves
 * when it is the bottleneck (the "RPS at c=64"), and its latency at that load.
 */
async function closedLoop(side: Side, concurrency: number, seconds: number): Promise<Round> {
  const url = new URL(side.url(0));
  const pool = new Pool(url.origin, { connections: concurrency, pipelining: 1, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS });
  const body = chatBody(0, false);
  const latencies: number[] = [];
  const endAt = performance.now() + seconds * 1_000;
  const client = async () => {
    while (performance.now() < endAt) {
      const started = performance.now();
      const response = await pool.request({ path: url.pathname, method: 'POST', headers: side.headers, body });
      await response.body.text();
      if (response.statusCode !== 200) throw new Error(`${side.name} answered ${response.statusCode} under saturation`);
      latencies.push(performance.now() - started);
    }
  };
  const startedAt = performance.now();
  try {
    await Promise.all(Array.from({ length: concurrency }, client));
  } finally {
    await pool.close();
  }
  const elapsed = (performance.now() - startedAt) / 1_000;
  return { rps: latencies.length / elapsed, calls: latencies.length, p50Ms: median(latencies), p99Ms: quantile(latencies, 0.99) };
}

/**
 * The bare relay and Tollgate in alternating rounds, one side at a time on the same core, at
 * `concurrency` and at 1. Each round's RPS is reported, so a cost that grows with the history
 * shows as Tollgate's rounds falling while the proxy's do not. Where a side's pid is known, each
 * round also logs its CPU a call by thread (stability.ts).
 */
export async function measureSaturation(bareProxy: Side, tollgate: Side, options: SaturationOptions, log: (line: string) => void): Promise<Row[]> {
  const sides = [bareProxy, tollgate];
  for (const side of sides) await closedLoop(side, options.concurrency, 1); // warm every path, unrecorded
  const wide = new Map<Side, Round[]>(sides.map((side) => [side, []]));
  const single = new Map<Side, Round[]>(sides.map((side) => [side, []]));
  const timed = new Map<Side, TimedRound[]>(sides.map((side) => [side, []]));
  const began = performance.now();
  for (let r = 0; r < options.rounds; r++) {
    for (const side of sides) {
      const startedAtS = (performance.now() - began) / 1_000;
      const cpuBefore = side.pid ? threadCpu(side.pid) : null;
      const round = await closedLoop(side, options.concurrency, options.roundSeconds);
      const used = cpuBefore && side.pid ? cpuBetween(cpuBefore, threadCpu(side.pid)) : null;
      const cpu = used ? `; ${describeCpu(used, round.calls)}` : '';
      wide.get(side)?.push(round);
      timed.get(side)?.push({ startedAtS, rps: round.rps, calls: round.calls, ...(used ? { cpuSeconds: totalCpu(used) } : {}) });
      single.get(side)?.push(await closedLoop(side, 1, Math.max(1, options.roundSeconds / 2)));
      log(`  round ${r + 1} at ${Math.round(startedAtS)} s, ${side.name}: c=${options.concurrency} ${Math.round(round.rps)} req/s${cpu}`);
    }
  }
  const rpsOf = (side: Side) => (wide.get(side) ?? []).map((round) => round.rps);
  const best = (side: Side) => median(rpsOf(side));
  const p50 = (side: Side) => median((single.get(side) ?? []).map((round) => round.p50Ms));
  const p99 = (side: Side) => median((single.get(side) ?? []).map((round) => round.p99Ms));
  const share = best(tollgate) / best(bareProxy);
  const perRound = (side: Side) => rpsOf(side).map(Math.round).join(', ');
  const tollgateRounds = rpsOf(tollgate);
  const keeps = (tollgateRounds.at(-1) ?? 0) / (tollgateRounds[0] ?? 1);
  return [
    { measure: `c=${options.concurrency} RPS, median of ${options.rounds} rounds (closed loop, 0 ms mock)`, direct: `${Math.round(best(bareProxy))} (bare relay)`, tollgate: `${Math.round(best(tollgate))}`, added: `${(share * 100).toFixed(0)}% of the bare relay`, target: '>= 70%', met: share >= 0.7 },
    { measure: `c=${options.concurrency} RPS per round`, direct: perRound(bareProxy), tollgate: perRound(tollgate), added: `last round ${(keeps * 100).toFixed(0)}% of the first`, target: '>= 95%', met: keeps >= 0.95 },
    { measure: 'c=1 p50, median of rounds', direct: ms(p50(bareProxy)), tollgate: ms(p50(tollgate)), added: `${(p50(tollgate) / p50(bareProxy)).toFixed(2)}x`, target: '<= 1.3x', met: p50(tollgate) / p50(bareProxy) <= 1.3 },
    { measure: 'c=1 p99, median of rounds', direct: ms(p99(bareProxy)), tollgate: ms(p99(tollgate)), added: '', target: 'Tollgate < 2 ms', met: p99(tollgate) < 2 },
    stabilityRow(timed.get(bareProxy) ?? [], timed.get(tollgate) ?? []),
    ...cpuRow(timed.get(bareProxy) ?? [], timed.get(tollgate) ?? []),
  ];
}
