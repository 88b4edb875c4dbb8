import { type BackgroundLog, reportBackgroundFailure } from './background-log.js';

export interface ReconcilerTiming {
  /** The wait before the first retry after a failure; it doubles per failure in a row. */
  firstRetryMs: number;
  /** The longest wait between retries (the store is down: one attempt per this, not a storm). */
  maxRetryMs: number;
}

export const DEFAULT_RECONCILER_TIMING: ReconcilerTiming = { firstRetryMs: 100, maxRetryMs: 5_000 };

/**
 * Owns a piece of background work that must converge: the router's reload after a channel notice,
 * the ledger's changes applied to hot state. `request()` asks for a run; requests made while one
 * runs are coalesced into one more run after it (a burst of notices costs two reloads, not one per
 * notice); a failed run is logged and retried with a doubling backoff until one succeeds, so a
 * Redis or MongoDB outage leaves the work late, never lost. `stop()` ends the retries (on close).
 */
export class Reconciler {
  private running = false;
  private wanted = false;
  private stopped = false;
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;
  private readonly settledWaiters: (() => void)[] = [];

  constructor(
    private readonly task: string,
    private readonly work: () => Promise<void>,
    private readonly log: BackgroundLog,
    private readonly timing: ReconcilerTiming = DEFAULT_RECONCILER_TIMING,
  ) {}

  request(): void {
    if (this.stopped) return;
    this.wanted = true;
    if (!this.running && !this.retry) this.runOnce();
  }

  /** Resolves once no run is under way, none is asked for and none waits to be retried. */
  settled(): Promise<void> {
    if (this.isSettled()) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    this.wanted = false;
    clearTimeout(this.retry);
    this.retry = undefined;
    this.tellSettled();
  }

  private isSettled(): boolean {
    return this.stopped || (!this.running && !this.wanted && !this.retry);
  }

  private runOnce(): void {
    this.running = true;
    this.wanted = false;
    let attempt: Promise<void>;
    try {
      attempt = this.work();
    } catch (error) {
      attempt = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    attempt.then(
      () => this.succeeded(),
      (error: unknown) => this.failed(error),
    );
  }

  private succeeded(): void {
    this.running = false;
    this.failures = 0;
    if (this.wanted && !this.stopped) this.runOnce();
    else this.tellSettled();
  }

  private failed(error: unknown): void {
    this.running = false;
    this.failures += 1;
    const waitMs = Math.min(this.timing.maxRetryMs, this.timing.firstRetryMs * 2 ** (this.failures - 1));
    reportBackgroundFailure(this.log, this.task, error, `background task "${this.task}" failed (${this.failures} in a row); retrying in ${waitMs} ms`);
    if (this.stopped) return this.tellSettled();
    // The failed run's work is still owed, whether or not anything asked again meanwhile.
    this.wanted = true;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.wanted && !this.stopped) this.runOnce();
    }, waitMs);
    this.retry.unref();
  }

  private tellSettled(): void {
    if (!this.isSettled()) return;
    for (const resolve of this.settledWaiters.splice(0)) resolve();
  }
}
