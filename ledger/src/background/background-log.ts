/**
 * Where a background failure is told: pino's logger shape (Fastify's `app.log`, a role's pino), so the
 * error goes under `err` and pino's serializer writes its message and stack; or a plain callback where
 * a component reports through one (`onError`). Neither is given a secret: only the error and a name.
 */
export type BackgroundLog = { error(details: { err: unknown; task: string }, message: string): void } | ((error: unknown) => void);

/** Tells `log` that the background task `task` failed. A logger that throws is not let out: it ends here. */
export function reportBackgroundFailure(log: BackgroundLog, task: string, error: unknown, message = `background task "${task}" failed`): void {
  try {
    if (typeof log === 'function') log(error);
    else log.error({ err: error, task }, message);
  } catch {
    // The one place a failure may be dropped: reporting the failure failed. Throwing here would be an
    // unhandled rejection, the very thing this owner exists to prevent.
  }
}
