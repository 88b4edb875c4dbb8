import { dict } from '@tollgate/wire';
import { type LoadStep, offerLoad, sustained } from './load.js';
import { ms, rate, type Row } from '../report.js';
import { describeEventLoop, scrapeEventLoop } from './event-loop-view.js';
import type { Side } from './sides.js';

export interface ThroughputOptions {
  /** Offered rates to step through, ascending. */
  rates: readonly number[];
  stepSeconds: number;
}

const UPSTREAM_DELAY_MS = 20;
const settle = () => new Promise((r) => setTimeout(r, 1_000));

/**
 * The throughput frontier against the 20 ms mock: step the offered rate up, every side at each
 * step in turn (so all meet the same machine), and stop a side at its first step that fails the
 * rule; its frontier is the last step it sustained. The bare proxy, when given, shows what a
 * second hop alone allows on the gateway's core.
 */
export async function measureThroughput(direct: Side, tollgate: Side, options: ThroughputOptions, log: (line: string) => void, bareProxy?: Side): Promise<Row[]> {
  const sides = bareProxy ? [direct, bareProxy, tollgate] : [direct, tollgate];
  const best: Record<string, LoadStep | undefined> = dict();
  const stopped = new Set<string>();
  for (const offered of options.rates) {
    for (const side of sides) {
      if (stopped.has(side.name)) continue;
      const before = side.metricsUrl ? await scrapeEventLoop(side.metricsUrl) : null; // starts the gateway's window at this step
      const step = await offerLoad(side, UPSTREAM_DELAY_MS, offered, options.stepSeconds);
      const served = step.achieved * options.stepSeconds;
      const loop = side.metricsUrl && before ? `; ${describeEventLoop(await scrapeEventLoop(side.metricsUrl), before, served)}` : '';
      log(`  ${side.name} @ ${offered} req/s: served ${Math.round(step.achieved)}, p99 ${step.p99Ms} ms, failures ${step.failures}${loop}`);
      if (sustained(step)) best[side.name] = step;
      else stopped.add(side.name);
      await settle(); // let the gateway's buffers drain so a step does not pay for the last one
    }
    if (stopped.size === sides.length) break;
  }
  const rows = frontierRows(best.direct, best.tollgate, options.rates);
  if (bareProxy) rows.push(proxyRow(best.direct, best[bareProxy.name], best.tollgate, options.rates));
  return rows;
}

/** The bare proxy's frontier: what a second hop alone allows on the gateway's core. */
function proxyRow(direct: LoadStep | undefined, proxy: LoadStep | undefined, tollgate: LoadStep | undefined, rates: readonly number[]): Row {
  const share = (of: LoadStep | undefined, to: LoadStep | undefined) => (to?.offered ? `${(((of?.offered ?? 0) / to.offered) * 100).toFixed(0)}%` : 'n/a');
  return {
    measure: 'the same frontier through a bare pass-through proxy (node:http + undici, nothing else)',
    direct: capped(direct?.offered ?? 0, rates),
    tollgate: `${capped(proxy?.offered ?? 0, rates)} (the proxy)`,
    added: `${share(proxy, direct)} of direct`,
    target: `Tollgate: ${share(tollgate, proxy)} of the proxy`,
  };
}

/** A frontier as written: below the first step, or at the ladder's top (where it may be higher). */
function capped(r: number, rates: readonly number[]): string {
  if (r === 0) return `below ${rate(rates[0] ?? 0)}`;
  return r === rates.at(-1) ? `${rate(r)} (ladder top)` : rate(r);
}

function frontierRows(direct: LoadStep | undefined, tollgate: LoadStep | undefined, rates: readonly number[]): Row[] {
  const directRate = direct?.offered ?? 0;
  const tollgateRate = tollgate?.offered ?? 0;
  const ratio = directRate ? tollgateRate / directRate : Number.NaN;
  return [
    { measure: 'throughput frontier, 20 ms mock (p99 < 1 s, no errors)', direct: capped(directRate, rates), tollgate: capped(tollgateRate, rates), added: `${(ratio * 100).toFixed(0)}% of direct`, target: '>= 60% of direct', met: ratio >= 0.6 },
    { measure: 'throughput through Tollgate, absolute', direct: '', tollgate: capped(tollgateRate, rates), added: '', target: '>= 5000 req/s on one core', met: tollgateRate >= 5_000 },
    { measure: 'p99 at the frontier', direct: ms(direct?.p99Ms ?? Number.NaN), tollgate: ms(tollgate?.p99Ms ?? Number.NaN), added: '', target: '< 1000 ms' },
  ];
}
