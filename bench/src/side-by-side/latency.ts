import { timedPost } from './http-client.js';
import { ms, type Row } from '../report.js';
import { chatBody, type Side } from './sides.js';
import { median, quantile } from '../stats.js';

export interface LatencyOptions {
  rounds: number;
  requestsPerRound: number;
}

interface SideSamples {
  roundMedians: number[];
  all: number[];
  overheadHeader: number[];
}

const newSamples = (): SideSamples => ({ roundMedians: [], all: [], overheadHeader: [] });

/** One round: `count` sequential requests to the 0 ms mock, one side, concurrency 1. */
async function round(side: Side, count: number, into: SideSamples): Promise<void> {
  const body = chatBody(0, false);
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const answer = await timedPost(side.url(0), side.headers, body);
    if (answer.status !== 200) throw new Error(`${side.name} answered ${answer.status} in the latency rounds`);
    times.push(answer.totalMs);
    if (answer.overheadHeaderMs !== undefined) into.overheadHeader.push(answer.overheadHeaderMs);
  }
  into.roundMedians.push(median(times));
  into.all.push(...times);
}

/**
 * Added latency at concurrency 1. Rounds alternate direct, (bare proxy,) tollgate, direct, ... so
 * drift on a shared machine (another process waking up, CPU frequency) lands on every side alike;
 * the median of round medians then ignores the rounds a neighbour spoiled. The bare proxy, when
 * given, measures what a second hop alone costs here, so Tollgate's own share can be told apart.
 */
export async function measureLatency(direct: Side, tollgate: Side, options: LatencyOptions, bareProxy?: Side): Promise<Row[]> {
  const sides = bareProxy ? [direct, bareProxy, tollgate] : [direct, tollgate];
  const samples = new Map(sides.map((side) => [side, newSamples()]));
  for (const side of sides) await round(side, options.requestsPerRound, newSamples()); // warm every path, unrecorded
  for (let r = 0; r < options.rounds; r += 1) {
    for (const side of sides) await round(side, options.requestsPerRound, samples.get(side) ?? newSamples());
  }
  const p50 = (side: Side) => median(samples.get(side)?.roundMedians ?? []);
  const p99 = (side: Side) => quantile(samples.get(side)?.all ?? [], 0.99);
  const header = samples.get(tollgate)?.overheadHeader ?? [];
  const rows: Row[] = [
    { measure: 'c=1 latency, median of round medians', direct: ms(p50(direct)), tollgate: ms(p50(tollgate)), added: ms(p50(tollgate) - p50(direct)), target: 'added < 0.3 ms', met: p50(tollgate) - p50(direct) < 0.3 },
    { measure: 'c=1 latency p99', direct: ms(p99(direct)), tollgate: ms(p99(tollgate)), added: ms(p99(tollgate) - p99(direct)), target: 'added < 1 ms', met: p99(tollgate) - p99(direct) < 1 },
    { measure: 'x-tollgate-overhead-ms header, p50 / p99', direct: '', tollgate: `${ms(median(header))} / ${ms(quantile(header, 0.99))}`, added: '', target: '(the gateway\'s own view)' },
  ];
  if (bareProxy) {
    rows.push({
      measure: 'the same call through a bare pass-through proxy (node:http + undici, nothing else), median / p99',
      direct: `${ms(p50(direct))} / ${ms(p99(direct))}`,
      tollgate: `${ms(p50(bareProxy))} / ${ms(p99(bareProxy))} (the proxy)`,
      added: `${ms(p50(bareProxy) - p50(direct))} / ${ms(p99(bareProxy) - p99(direct))}`,
      target: `Tollgate beyond the proxy: ${ms(p50(tollgate) - p50(bareProxy))} / ${ms(p99(tollgate) - p99(bareProxy))}`,
    });
  }
  return rows;
}
