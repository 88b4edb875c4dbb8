import { Pool } from 'undici';
import { type EventLoopView, scrapeEventLoop } from './event-loop-view.js';
import { timedStream } from './http-client.js';
import { ms, type Row } from '../report.js';
import { chatBody, type Side } from './sides.js';
import { median, quantile } from '../stats.js';
import { cpuBetween, cpuRow, describeCpu, stabilityRow, threadCpu, type TimedRound, totalCpu } from './stability.js';

export interface SaturationOptions {
  /** Clients each sending its next call as soon as the last is answered. */
  concurrency: number;
  roundSeconds: number;
  rounds: number;
  /** Burst streams per side and round at concurrency 1, for the first token's overhead. */
  streamsPerRound?: number;
}

export interface Round {
  /** The side's own view of its event loop over the round (its /metrics; a side without one: none). */
  loop?: EventLoopView;
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
  // A scrape resets the loop-delay histogram (prom-client), so the one after the round covers the round alone.
  if (side.metricsUrl) await scrapeEventLoop(side.metricsUrl);
  const startedAt = performance.now();
  try {
    await Promise.all(Array.from({ length: concurrency }, client));
  } finally {
    await pool.close();
  }
  const elapsed = (performance.now() - startedAt) / 1_000;
  const loop = side.metricsUrl ? await scrapeEventLoop(side.metricsUrl) : undefined;
  return { loop, rps: latencies.length / elapsed, calls: latencies.length, p50Ms: median(latencies), p99Ms: quantile(latencies, 0.99) };
}

/**
 * `count` streams one after the other on the burst path (no delay, the chunks back to back): the
 * time from sending each to its first content event, ms.
 */
async function firstTokens(side: Side, count: number): Promise<number[]> {
  const body = chatBody(0, true, side.burst.model);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const timing = await timedStream(side.burst.url, side.headers, body);
    if (!timing.ok) throw new Error(`a ${side.name} burst stream failed at concurrency 1`);
    times.push(timing.firstEventMs);
  }
  return times;
}

/** Tollgate's first-token time beyond the bare relay's, at the median and the 99th percentile of every stream. */
function firstTokenRows(bare: number[], tollgate: number[]): Row[] {
  const row = (q: number, target: string, limit?: number): Row => {
    const added = quantile(tollgate, q) - quantile(bare, q);
    return { measure: `c=1 stream first token p${q * 100} (${tollgate.length} streams a side)`, direct: ms(quantile(bare, q)), tollgate: ms(quantile(tollgate, q)), added: ms(added), target, met: limit === undefined ? undefined : added < limit };
  };
  return [row(0.5, ''), row(0.99, 'added < 1 ms', 1)];
}

/** What stalled Tollgate's loop in the c=1 rounds: a p99 made of the loop's own pauses shows here. */
function loopRows(rounds: Round[]): Row[] {
  const views = rounds.flatMap((round) => (round.loop ? [round.loop] : []));
  if (views.length === 0) return [];
  const each = (of: (view: EventLoopView) => number) => views.map((view) => of(view).toFixed(1)).join(', ');
  return [{ measure: 'c=1 event-loop delay p99 / max per round (the gateway\'s /metrics, 10 ms resolution)', direct: '', tollgate: `${each((v) => v.delayP99Ms)} / ${each((v) => v.delayMaxMs)} ms`, added: '', target: '' }];
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
  const firsts = new Map<Side, number[]>(sides.map((side) => [side, []]));
  const streams = options.streamsPerRound ?? 0;
  for (const side of sides) if (streams > 0) await firstTokens(side, 10); // warm the stream path, unrecorded
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
      if (streams > 0) firsts.get(side)?.push(...(await firstTokens(side, streams)));
      log(`  round ${r + 1} at ${Math.round(startedAtS)} s, ${side.name}: c=${options.concurrency} ${Math.round(round.rps)} req/s${cpu}`);
    }
  }
  const rpsOf = (side: Side) => (wide.get(side) ?? []).map((round) => round.rps);
  // CPU a call, ms: the process's threads over each c=N round (read once, for this row and the stability rows).
  const cpuOf = (side: Side) => median((timed.get(side) ?? []).map((round) => ((round.cpuSeconds ?? Number.NaN) * 1_000) / round.calls));
  const cpuRatio = cpuOf(bareProxy) / cpuOf(tollgate);
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
    {
      measure: `c=${options.concurrency} CPU per call (the process's, every thread), median of rounds`,
      direct: `${(cpuOf(bareProxy) * 1_000).toFixed(0)} µs`,
      tollgate: `${(cpuOf(tollgate) * 1_000).toFixed(0)} µs`,
      added: Number.isNaN(cpuRatio) ? '' : `the bare relay's is ${(cpuRatio * 100).toFixed(0)}% of Tollgate's`,
      target: '(the RPS share on a core of its own)',
    },
    ...loopRows(single.get(tollgate) ?? []),
    ...(streams > 0 ? firstTokenRows(firsts.get(bareProxy) ?? [], firsts.get(tollgate) ?? []) : []),
    stabilityRow(timed.get(bareProxy) ?? [], timed.get(tollgate) ?? []),
    ...cpuRow(timed.get(bareProxy) ?? [], timed.get(tollgate) ?? []),
  ];
}
