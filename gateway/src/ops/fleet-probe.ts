import { performance } from 'node:perf_hooks';

/** How busy this process's event loop was between two readings (0 to 1). */
export function eventLoopProbe(): () => number {
  let since = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, since).utilization;
    since = now;
    return Math.min(1, Math.max(0, busy));
  };
}
