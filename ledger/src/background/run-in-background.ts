import { type BackgroundLog, reportBackgroundFailure } from './background-log.js';

/**
 * The owner of a promise nobody awaits (a listener's work, a timer's tick, a job that outlives its
 * request): a failure is logged with its stack and ends here. Node 20 ends the process on an
 * unhandled rejection; a Redis error in a notice handler must not. Use `Reconciler` instead where
 * the work must still happen after a failure (a reload, applying the ledger's changes).
 */
export function runInBackground(task: string, work: () => Promise<unknown>, log: BackgroundLog): void {
  let running: Promise<unknown>;
  try {
    running = work();
  } catch (error) {
    // A function that throws before it returns its promise fails the same way.
    running = Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  running.catch((error: unknown) => reportBackgroundFailure(log, task, error));
}
