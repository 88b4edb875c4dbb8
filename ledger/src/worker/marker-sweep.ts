import { type BackgroundLog, reportBackgroundFailure } from '../background/background-log.js';
import type { BalanceStore } from '../ports/balance-store.js';

export interface MarkerSweepSettings {
  /** How long an applied event's marker is kept after it was applied (LEDGER_DEDUP_WINDOW_MS). */
  windowMs: number;
  /** The most markers one sweep deletes: one short write beside the batches, never a long lock. */
  limit?: number;
  /** The pause after a sweep that found fewer than `limit` due (it has caught up). */
  everyMs?: number;
  /** The pause after a full sweep: more are due, so the next comes soon and a backlog drains. */
  catchUpMs?: number;
}

/**
 * Markers fall due a window (days) after they were written, so sweeping every five minutes keeps
 * at most five minutes' worth past it. At 2,000 events a second that is 600,000 markers: full
 * sweeps of 5,000 every 100 ms take them in about 120 short deletes. Sweeping more often would only
 * cost more where a sweep scans (FerretDB 1.24: `adapters/mongo/applied-event-markers.ts`).
 */
export const DEFAULT_MARKER_SWEEP = { limit: 5_000, everyMs: 300_000, catchUpMs: 100 } as const;

export interface MarkerSweep {
  /** Resolves once the sweep in flight, if any, has ended; none starts after. */
  stop(): Promise<void>;
}

/**
 * Forgets the applied-event markers older than the window, a bounded batch at a time, in the
 * background of the ledger worker: a failure is logged and the next sweep comes on time.
 *
 * Why forgetting is safe. A redelivery (a restart, a rebalance, a failed batch) re-reads only
 * offsets past the partition's checkpoint, which were applied moments before, if at all: the
 * checkpoint, and the markers of that last batch, are all it needs. Beyond that a marker serves one
 * case: a second copy of the event at a later offset (a producer retrying an append whose
 * acknowledgement was lost, within about two minutes; a gateway's spool sending a batch again when
 * it starts after a crash). The ledger reads a copy as soon as it is appended unless its partition
 * is stuck, so a window counted from when the event was applied, and longer than those delays,
 * still finds every copy: a redelivered event from within it is applied once. The window counts
 * from the store's clock at apply time, not the event's `occurredAt`: a backlog, or a rebuild from
 * offset 0, applies old events whose copies may still be ahead in the log. The default and its
 * argument: LEDGER_DEDUP_WINDOW_MS (gateway/src/config.ts). Several workers may sweep at once:
 * each deletes only what it found due, by id.
 */
export function startMarkerSweep(balances: BalanceStore, settings: MarkerSweepSettings, log: BackgroundLog): MarkerSweep {
  const { windowMs, limit, everyMs, catchUpMs } = { ...DEFAULT_MARKER_SWEEP, ...settings };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const schedule = (waitMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = sweepOnce();
    }, waitMs);
    timer.unref();
  };
  const sweepOnce = () =>
    Promise.resolve()
      .then(() => balances.forgetAppliedEvents(windowMs, limit))
      .then(
        (forgotten) => schedule(forgotten >= limit ? catchUpMs : everyMs),
        (error: unknown) => {
          reportBackgroundFailure(log, 'ledger marker sweep', error);
          schedule(everyMs);
        },
      );
  schedule(catchUpMs);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
