/**
 * How long a close may take before the process exits anyway: the calls in flight get this long to
 * end (a stream cut off here goes unbilled), as long as an orchestrator's usual grace period. The
 * usage of every call that ended is on the disk by then (the embedded log, or a cluster gateway's
 * spool), so exiting loses nothing else.
 */
const CLOSE_DEADLINE_MS = 30_000;

/** Closes the service on SIGINT or SIGTERM (flushing buffered events), then exits. */
export function stopOnSignals(service: { close(): Promise<void> }): void {
  const fail = (error: unknown) => {
    process.emitWarning(error instanceof Error ? error : new Error(String(error)));
    process.exit(1);
  };
  const shutdown = () => {
    setTimeout(() => fail(new Error(`close did not finish within ${CLOSE_DEADLINE_MS} ms; exiting`)), CLOSE_DEADLINE_MS).unref();
    service.close().then(() => process.exit(0), fail);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
