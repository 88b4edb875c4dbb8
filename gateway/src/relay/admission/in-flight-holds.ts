import { runInBackground } from '@tollgate/ledger';
import type { HoldStore, OwedHold } from '../../ports/hot-state/hold-store.js';

/**
 * Keeps the holds of this gateway's calls in flight alive (issue #23): a stream may outlive
 * HOLD_TTL_SECONDS, and a hold that expired mid-stream frees its amount to another call before
 * its own charge lands. One sweep per gateway renews them all every third of the TTL in one
 * `keep` (one Lua call on Redis), rather than a timer per call; a hold that expired anyway (the
 * store unreachable for a whole TTL) is taken again, since its charge is owed.
 * A call leaves once its usage is published (the outbox keeps it from there, see spooled-outbox.ts);
 * a sweep already under way may take a just-settled hold again: an over-hold for one TTL, never an overspend.
 */
export class InFlightHolds {
  private readonly calls = new Map<string, OwedHold>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly holds: Pick<HoldStore, 'keep'>,
    private readonly ttlMs: number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.sweeper = setInterval(() => runInBackground('renew the holds of calls in flight', () => this.keepAll(), onError), Math.max(1, Math.floor(ttlMs / 3)));
    this.sweeper.unref();
  }

  /** Runs `call` with `hold` kept alive until it settles or fails. */
  async during<T>(hold: OwedHold, call: () => Promise<T>): Promise<T> {
    this.calls.set(hold.holdId, hold);
    try {
      return await call();
    } finally {
      this.calls.delete(hold.holdId);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private async keepAll(): Promise<void> {
    if (this.calls.size === 0) return;
    try {
      await this.holds.keep([...this.calls.values()], this.ttlMs);
    } catch (error) {
      this.onError(error);
    }
  }
}
