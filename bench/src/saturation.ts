import { Pool } from 'undici';
import { ms, type Row } from './report.js';
import { chatBody, type Side } from './sides.js';
import { median, quantile } from './stats.js';

export interface SaturationOptions {
  /** Clients each sending its next call as soon as the last is answered. */
  concurrency: number;
  roundSeconds: number;
  rounds: number;
}

export interface Round {
  /** Calls answered (every one a 200). */
  calls: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * `concurrency` clients in a closed loop on the 0 ms mock for `seconds`: the most a side serves
 * when it is the bottleneck (the "RPS at c=64"), and its latency at that load.
 */
export async function closedLoop(side: Side, concurrency: number, seconds: number): Promise<Round> {
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
  return { calls: latencies.length, rps: latencies.length / elapsed, p50Ms: median(latencies), p99Ms: quantile(latencies, 0.99) };
}

/**
 * The bare relay and Tollgate in alternating rounds, one side at a time on the same core, at
 * `concurrency` and at 1. Each round's RPS is reported, so a cost that grows with the history
 * shows as Tollgate's rounds falling while the proxy's do not.
 */
export async function measureSaturation(bareProxy: Side, tollgate: Side, options: SaturationOptions, log: (line: string) => void): Promise<Row[]> {
  const sides = [bareProxy, tollgate];
  for (const side of sides) await closedLoop(side, options.concurrency, 1); // warm every path, unrecorded
  const wide = new Map<Side, Round[]>(sides.map((side) => [side, []]));
  const single = new Map<Side, Round[]>(sides.map((side) => [side, []]));
  for (let r = 0; r < options.rounds; r++) {
    for (const side of sides) {
      const round = await closedLoop(side, options.concurrency, options.roundSeconds);
      wide.get(side)?.push(round);
      single.get(side)?.push(await closedLoop(side, 1, Math.max(1, options.roundSeconds / 2)));
      log(`  round ${r + 1}, ${side.name}: c=${options.concurrency} ${Math.round(round.rps)} req/s`);
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
  ];
}
