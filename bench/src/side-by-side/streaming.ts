import { type StreamTiming, timedStream } from './http-client.js';
import { ms, type Row } from '../report.js';
import { chatBody, type Side } from './sides.js';
import { median, quantile } from '../stats.js';

export interface StreamingOptions {
  /** Streams per side at concurrency 1, interleaved. */
  sequentialStreams: number;
  /** Concurrent stream counts to try, ascending. */
  concurrencyLevels: readonly number[];
}

/**
 * A stall: the stream failed, its first event came over a second late, or one gap between
 * events stretched past 250 ms where the mock paces 20 ms.
 */
const STALL_FIRST_EVENT_MS = 1_000;
const STALL_GAP_MS = 250;

const stream = (side: Side) => timedStream(side.url(0), side.headers, chatBody(0, true));
const stalled = (t: StreamTiming) => !t.ok || !(t.firstEventMs < STALL_FIRST_EVENT_MS) || t.gapsMs.some((g) => g > STALL_GAP_MS);

interface StreamSamples {
  first: number[];
  gaps: number[];
}

/** Time to first event and inter-event gaps at concurrency 1, sides alternating (the bare proxy, when given, between them). */
async function sequential(direct: Side, tollgate: Side, count: number, bareProxy?: Side): Promise<Row[]> {
  const sides = bareProxy ? [direct, bareProxy, tollgate] : [direct, tollgate];
  const samples = new Map<Side, StreamSamples>(sides.map((side) => [side, { first: [], gaps: [] }]));
  for (const side of sides) await stream(side); // warm every path, unrecorded
  for (let i = 0; i < count; i += 1) {
    for (const side of sides) {
      const timing = await stream(side);
      if (!timing.ok) throw new Error(`a ${side.name} stream failed at concurrency 1`);
      samples.get(side)?.first.push(timing.firstEventMs);
      samples.get(side)?.gaps.push(...timing.gapsMs);
    }
  }
  const at = (side: Side, of: keyof StreamSamples, q: number) => quantile(samples.get(side)?.[of] ?? [], q);
  const pair = (label: string, of: keyof StreamSamples, q: number, target: string, limit?: number): Row => {
    const d = at(direct, of, q);
    const t = at(tollgate, of, q);
    return { measure: label, direct: ms(d), tollgate: ms(t), added: ms(t - d), target, met: limit === undefined ? undefined : t - d < limit };
  };
  const rows = [
    pair('stream time to first token p50', 'first', 0.5, ''),
    pair('stream time to first token p99', 'first', 0.99, 'added < 1 ms', 1),
    pair('inter-chunk gap p50', 'gaps', 0.5, ''),
    pair('inter-chunk gap p99', 'gaps', 0.99, ''),
  ];
  if (bareProxy) {
    const both = (side: Side) => `${ms(at(side, 'first', 0.5))} / ${ms(at(side, 'first', 0.99))}`;
    const added = (side: Side) => `${ms(at(side, 'first', 0.5) - at(direct, 'first', 0.5))} / ${ms(at(side, 'first', 0.99) - at(direct, 'first', 0.99))}`;
    rows.push({ measure: 'stream time to first token through the bare proxy, p50 / p99', direct: both(direct), tollgate: `${both(bareProxy)} (the proxy)`, added: added(bareProxy), target: `Tollgate: ${added(tollgate)}` });
  }
  return rows;
}

/** The largest level at which no stream of `side` stalled, and what the worst level looked like. */
async function concurrent(side: Side, levels: readonly number[], log: (line: string) => void): Promise<number> {
  let best = 0;
  for (const level of levels) {
    const timings = await Promise.all(Array.from({ length: level }, () => stream(side)));
    const stalls = timings.filter(stalled).length;
    const gaps = timings.flatMap((t) => t.gapsMs);
    log(`  ${side.name} x${level}: ${stalls} stalled, first event p99 ${quantile(timings.map((t) => t.firstEventMs), 0.99).toFixed(1)} ms, gap p50 ${median(gaps).toFixed(1)} / p99 ${quantile(gaps, 0.99).toFixed(1)} / max ${Math.max(...gaps).toFixed(1)} ms`);
    if (stalls > 0) break;
    best = level;
  }
  return best;
}

export async function measureStreaming(direct: Side, tollgate: Side, options: StreamingOptions, log: (line: string) => void, bareProxy?: Side): Promise<Row[]> {
  const rows = await sequential(direct, tollgate, options.sequentialStreams, bareProxy);
  const most = { direct: await concurrent(direct, options.concurrencyLevels, log), tollgate: await concurrent(tollgate, options.concurrencyLevels, log) };
  rows.push({ measure: 'most concurrent streams without a stall', direct: String(most.direct), tollgate: String(most.tollgate), added: '', target: '512', met: most.tollgate >= 512 });
  return rows;
}
