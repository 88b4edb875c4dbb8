import { startBareProxy } from '../processes/mock-process.js';
import { benchUserUsage } from '../processes/provision.js';
import { waitFor } from '../processes/processes.js';
import type { Row } from '../report.js';
import { closedLoop, type Round, type SaturationOptions } from './saturation.js';
import { bareProxySide, chatBody, type Side, tollgateSide } from './sides.js';
import { median } from '../stats.js';
import { startTollgate } from '../processes/tollgate-process.js';

export interface TwoCoreContext {
  mockUrl: string;
  /** Tollgate as the one-core rows measure it (pinned to its core when pinning is on). */
  oneCore: Side;
  options: SaturationOptions;
  log: (line: string) => void;
}

/** The bench user's usage once the ledger has applied every call made so far (the start's warm-up calls too): the same on two reads 300 ms apart. */
async function settledUsage(url: string): Promise<{ usedQuota: number; requestCount: number }> {
  let last = await benchUserUsage(url);
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await benchUserUsage(url);
    if (now.requestCount === last.requestCount && now.usedQuota === last.usedQuota) return now;
    last = now;
  }
  throw new Error('the bench user\'s usage never settled');
}

/** What one call of the bench's model costs on `url`: the bench user's used quota across one call, once the ledger applied it. */
async function costOfOneCall(url: string, side: Side): Promise<number> {
  const before = await settledUsage(url);
  const probe = await fetch(side.url(0), { method: 'POST', headers: side.headers, body: chatBody(0, false) });
  await probe.text();
  if (probe.status !== 200) throw new Error(`the probe call answered ${probe.status}`);
  let after = before;
  await waitFor(async () => (after = await benchUserUsage(url)).requestCount > before.requestCount, 15_000, () => 'the ledger never applied the probe call');
  if (after.requestCount !== before.requestCount + 1) throw new Error('the probe was more than one call');
  return after.usedQuota - before.usedQuota;
}

/**
 * Issue #37's two-core figure: Tollgate with RELAY_WORKERS=2, unpinned (both cores are its, the
 * load generator's too on a two-core machine), against the bare relay on two workers in the same
 * conditions, and against Tollgate's one-core RPS, in alternating rounds of one run. Money is
 * checked: the bench user's used quota grew by exactly the calls answered times one call's cost.
 */
export async function measureTwoCores(c: TwoCoreContext): Promise<Row[]> {
  c.log('saturation, two cores: the bare relay on two workers, Tollgate with RELAY_WORKERS=2');
  const proxy = await startBareProxy(c.mockUrl, undefined, 2);
  const gateway = await startTollgate('embedded', {}, c.mockUrl, undefined, [], { RELAY_WORKERS: '2' }).catch(async (error: unknown) => {
    await proxy.stop();
    throw error;
  });
  try {
    const bare = bareProxySide(proxy.url);
    const two = tollgateSide(gateway.url, gateway.key, gateway.metricsUrl);
    const cost = await costOfOneCall(gateway.url, two);
    const before = await benchUserUsage(gateway.url);
    const sides = [bare, two, c.oneCore];
    const rounds = new Map<Side, Round[]>(sides.map((side) => [side, []]));
    for (const side of sides) rounds.get(side)?.push(await closedLoop(side, c.options.concurrency, 1)); // warm-up, counted for money only
    for (let r = 0; r < c.options.rounds; r++) {
      for (const side of sides) {
        const round = await closedLoop(side, c.options.concurrency, c.options.roundSeconds);
        rounds.get(side)?.push(round);
        c.log(`  two cores, round ${r + 1}, ${side === c.oneCore ? 'tollgate (one core)' : side === two ? 'tollgate (RELAY_WORKERS=2)' : 'bare relay (2 workers)'}: ${Math.round(round.rps)} req/s`);
      }
    }
    const calls = (rounds.get(two) ?? []).reduce((sum, round) => sum + round.calls, 0);
    let after = before;
    await waitFor(async () => (after = await benchUserUsage(gateway.url)).requestCount - before.requestCount >= calls, 60_000, () => 'the ledger never applied every call').catch(() => undefined);
    const rps = (side: Side) => median((rounds.get(side) ?? []).slice(1).map((round) => round.rps));
    const share = rps(two) / rps(bare);
    const scale = rps(two) / rps(c.oneCore);
    const used = after.usedQuota - before.usedQuota;
    const counted = after.requestCount - before.requestCount;
    const exact = used === calls * cost && counted === calls;
    return [
      { measure: `two cores: c=${c.options.concurrency} RPS, median of ${c.options.rounds} rounds`, direct: `${Math.round(rps(bare))} (bare relay, 2 workers)`, tollgate: `${Math.round(rps(two))} (RELAY_WORKERS=2)`, added: `${(share * 100).toFixed(0)}% of the bare relay on two workers`, target: '', met: true },
      { measure: 'two cores against one, same run', direct: `${Math.round(rps(c.oneCore))} (Tollgate, one core)`, tollgate: `${Math.round(rps(two))}`, added: `${scale.toFixed(2)}x`, target: '>= 1.7x', met: scale >= 1.7 },
      { measure: 'two cores: money (used quota = calls x cost)', direct: `${calls} calls x ${cost}`, tollgate: `${used} used, ${counted} counted`, added: exact ? 'exact' : `off by ${used - calls * cost}`, target: 'exact', met: exact },
    ];
  } finally {
    await gateway.stop();
    await proxy.stop();
  }
}
