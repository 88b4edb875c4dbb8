import { Counter } from 'prom-client';

/**
 * Unhandled rejections since the process started. Every background promise has an owner
 * (`runInBackground`, `Reconciler`), so each one counted here is a bug to find in the log.
 */
export const unhandledRejections = new Counter({
  name: 'tollgate_unhandled_rejections_total',
  help: 'Promise rejections no code handled (logged with their stack; the process stayed up).',
  registers: [],
});

/** pino's logger shape: the error goes under `err`, so its message and stack are written. */
export interface ProcessLog {
  error(details: { err: unknown }, message: string): void;
  fatal(details: { err: unknown }, message: string): void;
}

export interface ProcessFailureHandlers {
  onUnhandledRejection(reason: unknown): void;
  onUncaughtException(error: unknown): void;
}

/**
 * The process's policy on failures no code caught (docs/scaling.md, "When something fails in the background"):
 * - an unhandled rejection is logged with its stack, counted, and the process stays up. A rejection
 *   is a promise that failed on its own (a background read, a Redis error): it has unwound nothing,
 *   and ending every call in flight over it (Node 20's default) turns one failed chore into an outage;
 * - an uncaught exception is logged, then the process exits with code 1: a throw that escaped to the
 *   event loop may have left any state half-changed, so a fresh process (the supervisor restarts it) is
 *   safer than serving on. What ended calls had recorded is durable (the log or the spool) already.
 */
export function processFailureHandlers(log: ProcessLog, exit: (code: number) => void): ProcessFailureHandlers {
  return {
    onUnhandledRejection(reason) {
      unhandledRejections.inc();
      log.error({ err: reason }, 'unhandled promise rejection; the process stays up');
    },
    onUncaughtException(error) {
      try {
        log.fatal({ err: error }, 'uncaught exception; the process exits');
      } finally {
        exit(1);
      }
    },
  };
}

/** Installs the policy on this process (composition roots only); returns the function that removes it. */
export function watchProcessFailures(log: ProcessLog, exit: (code: number) => void = (code) => process.exit(code)): () => void {
  const { onUnhandledRejection, onUncaughtException } = processFailureHandlers(log, exit);
  process.on('unhandledRejection', onUnhandledRejection);
  process.on('uncaughtException', onUncaughtException);
  return () => {
    process.off('unhandledRejection', onUnhandledRejection);
    process.off('uncaughtException', onUncaughtException);
  };
}
