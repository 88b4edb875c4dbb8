import type { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { HostedWorkers } from '../hosted-workers.js';
import type { ToWorker } from './messages.js';

/** A thread whose start has completed: it said it was ready. */
export interface ReadyThread {
  worker: Worker;
  /** Resolves with the thread's exit code. */
  exited: Promise<number>;
}

export interface SupervisorTiming {
  /** After a crash the thread starts again after this long, doubling while it keeps crashing. */
  restartFirstMs: number;
  restartMaxMs: number;
  /** A thread that ran this long before crashing starts again after `restartFirstMs`. */
  stableAfterMs: number;
  /** A close gets this long before the thread is ended. */
  stopWithinMs: number;
}

export const DEFAULT_SUPERVISOR_TIMING: SupervisorTiming = { restartFirstMs: 1_000, restartMaxMs: 30_000, stableAfterMs: 60_000, stopWithinMs: 10_000 };

/** Asks the thread to close its workers ({kind: 'stop'}), and ends it if that takes longer than `withinMs`. */
export async function stopThread({ worker, exited }: ReadyThread, withinMs: number, log: Logger): Promise<void> {
  worker.postMessage({ kind: 'stop' } satisfies ToWorker);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), withinMs)));
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    log.error(`ledger thread did not close within ${withinMs} ms; ended`);
    await worker.terminate();
  } else if (outcome !== 0) {
    log.error({ code: outcome }, 'ledger thread failed to close');
  }
}

/**
 * Runs the thread `start` makes, and starts it again whenever it ends unasked: the log is the
 * truth and each worker resumes from its committed offset, while ending the process instead would
 * cut every call in flight (a stream cut off goes unbilled); holds keep spending exact meanwhile.
 * The first start's failure is thrown (the gateway does not start); a later one is logged and retried.
 */
export async function superviseThread(start: () => Promise<ReadyThread>, log: Logger, timing: SupervisorTiming = DEFAULT_SUPERVISOR_TIMING): Promise<HostedWorkers> {
  let stopping = false;
  let current: ReadyThread | null = null;
  let restartTimer: NodeJS.Timeout | undefined;
  let crashesInARow = 0;
  let startedAt = 0;

  const run = (thread: ReadyThread) => {
    current = thread;
    startedAt = Date.now();
    thread.exited.then(
      (code) => {
        current = null;
        if (stopping) return;
        if (Date.now() - startedAt >= timing.stableAfterMs) crashesInARow = 0;
        log.error({ code }, 'ledger thread ended unexpectedly; starting it again');
        restartLater();
      },
      (error: unknown) => log.error({ err: error }, 'ledger thread: its exit was not reported'),
    );
  };
  const restartLater = () => {
    const delay = Math.min(timing.restartFirstMs * 2 ** crashesInARow++, timing.restartMaxMs);
    restartTimer = setTimeout(() => {
      start().then(
        (thread) => {
          if (!stopping) return void (run(thread), log.warn('ledger thread started again'));
          stopThread(thread, timing.stopWithinMs, log).catch((error: unknown) => log.error({ err: error }, 'ledger thread: close failed'));
        },
        (error: unknown) => {
          log.error({ err: error }, 'ledger thread failed to start again; retried');
          if (!stopping) restartLater();
        },
      );
    }, delay);
  };

  run(await start());
  return {
    stop: async () => {
      stopping = true;
      clearTimeout(restartTimer);
      if (current) await stopThread(current, timing.stopWithinMs, log);
    },
  };
}
