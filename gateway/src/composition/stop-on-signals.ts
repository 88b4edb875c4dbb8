/** Closes the service on SIGINT or SIGTERM (flushing buffered events), then exits. */
export function stopOnSignals(service: { close(): Promise<void> }): void {
  const shutdown = () => {
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.emitWarning(error instanceof Error ? error : new Error(String(error)));
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
