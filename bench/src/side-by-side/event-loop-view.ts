/**
 * The gateway's own view of its event loop, from its /metrics: delay (max and p99) and
 * utilisation since the previous scrape. Scraped before and after a load step, it says whether
 * the step's tail latency came from a blocked loop (long delays) or a saturated one (busy ~1).
 */
export interface EventLoopView {
  delayMaxMs: number;
  delayP99Ms: number;
  utilization: number;
  /** The process's CPU time so far (user and system, every thread: chdb's and the GC's too), seconds. */
  cpuSeconds: number;
}

function gauge(text: string, name: string): number {
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

export async function scrapeEventLoop(metricsUrl: string): Promise<EventLoopView> {
  const text = await (await fetch(metricsUrl)).text();
  return {
    delayMaxMs: gauge(text, 'nodejs_eventloop_lag_max_seconds') * 1000,
    delayP99Ms: gauge(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
    utilization: gauge(text, 'tollgate_event_loop_utilization'),
    cpuSeconds: gauge(text, 'process_cpu_seconds_total'),
  };
}

/** The step's view; `before` (scraped as the step began) gives the CPU the whole process spent per served call. */
export function describeEventLoop(view: EventLoopView, before: EventLoopView, servedCalls: number): string {
  const cpuPerCallMs = ((view.cpuSeconds - before.cpuSeconds) * 1000) / servedCalls;
  return `event loop busy ${(view.utilization * 100).toFixed(0)}%, delay p99 ${view.delayP99Ms.toFixed(1)} ms, max ${view.delayMaxMs.toFixed(1)} ms; CPU ${cpuPerCallMs.toFixed(3)} ms per call`;
}
