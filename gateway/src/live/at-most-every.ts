/** A job run soon after it is asked for, but at most once per gap. */
export interface GapThrottle {
  /** Runs the job now if its last run is a gap ago, else once the gap is up (however often asked meanwhile). */
  request(): void;
  /** Runs it now, whatever the gap; a waiting request is served by this run. */
  runNow(): void;
  stop(): void;
}

/**
 * Leading edge, then at most once per `gapMs`: the first event after a quiet spell goes out at
 * once (on the next turn of the loop, so events of the same turn go together), a burst at most
 * once per gap.
 */
export function atMostEvery(gapMs: number, job: () => void, now: () => number = Date.now): GapThrottle {
  let lastRun = Number.NEGATIVE_INFINITY;
  let waiting: NodeJS.Timeout | undefined;
  const runNow = () => {
    clearTimeout(waiting);
    waiting = undefined;
    lastRun = now();
    job();
  };
  return {
    request: () => {
      waiting ??= setTimeout(runNow, Math.max(0, lastRun + gapMs - now()));
    },
    runNow,
    stop: () => clearTimeout(waiting),
  };
}
