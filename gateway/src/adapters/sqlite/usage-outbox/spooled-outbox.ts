import { type EventLog, runInBackground } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';
import type { HoldStore } from '../../../ports/hot-state/hold-store.js';
import type { UsageOutbox } from '../../../ports/usage-outbox.js';
import type { UsageSpool } from './usage-spool.js';

export interface SpooledOutboxOptions {
  spool: UsageSpool;
  /** The shared event log (Kafka) the spool drains into. */
  log: Pick<EventLog, 'append'>;
  holds: Pick<HoldStore, 'keep'>;
  /** HOLD_TTL_SECONDS in ms: the owed holds are kept this far ahead, renewed every third of it. */
  holdTtlMs: number;
  /** Past this many spooled events the outbox is full (USAGE_SPOOL_MAX_EVENTS). */
  maxEvents: number;
  /** A failed forward or hold renewal: both are retried. */
  onError: (error: unknown) => void;
  /** How long `close` lets a forward in flight finish before leaving it to the next start. */
  closeGraceMs?: number;
}

const FORWARD_BATCH = 500;
const RETRY_AFTER_MS = 500;
const DEFAULT_CLOSE_GRACE_MS = 2_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * The cluster outbox: usage is committed to the local spool (as the embedded log commits it), and
 * one forwarder drains the spool into Kafka oldest first, removing a batch once Kafka acknowledged
 * it. A gateway that starts with a spool left over keeps its holds at once, and drains it (before
 * anything newer) once started.
 *
 * While events wait, their holds are kept (renewed, or taken again after a restart that outlasted
 * them), so the balance under an owed charge is never spent twice. A crash between Kafka's
 * acknowledgement and the removal sends a batch again: the ledger skips an event id it applied,
 * and the log rows' table keeps one row per event.
 */
export class SpooledOutbox implements UsageOutbox {
  private stopped = false;
  private wake: (() => void) | null = null;
  private forwarding: Promise<void> = Promise.resolve();
  private readonly keeper: NodeJS.Timeout;

  constructor(private readonly options: SpooledOutboxOptions) {
    const keep = () => runInBackground('keep the holds of spooled usage', () => this.keepOwedHolds(), options.onError);
    this.keeper = setInterval(keep, Math.max(1, Math.floor(options.holdTtlMs / 3)));
    keep();
  }

  start(): void {
    this.forwarding = this.forward();
  }

  append(events: LedgerEvent[]): Promise<void> {
    const durable = this.options.spool.append(events);
    this.wake?.();
    return durable;
  }

  isFull(): boolean {
    return this.options.spool.size >= this.options.maxEvents;
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.keeper);
    this.wake?.();
    await Promise.race([this.forwarding, sleep(this.options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS)]);
    await this.options.spool.close();
  }

  private async forward(): Promise<void> {
    while (!this.stopped) {
      const batch = this.options.spool.head(FORWARD_BATCH);
      if (!batch) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      try {
        await this.options.log.append(batch.events);
        this.options.spool.remove(batch.through);
      } catch (error) {
        this.options.onError(error);
        await sleep(RETRY_AFTER_MS);
      }
    }
  }

  /**
   * Runs beside the forwarder, since a forward to an unreachable broker can take minutes to fail.
   * A hold whose event reached the ledger between the read and the renewal is taken again and
   * then simply expires: an over-hold for one TTL, never an overspend.
   */
  private async keepOwedHolds(): Promise<void> {
    if (this.stopped || this.options.spool.size === 0) return;
    try {
      await this.options.holds.keep(this.options.spool.owedHolds(), this.options.holdTtlMs);
    } catch (error) {
      this.options.onError(error);
    }
  }
}
