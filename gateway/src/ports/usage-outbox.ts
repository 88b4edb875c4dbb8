import type { LedgerEvent } from '@tollgate/wire';

/**
 * Where the relay's usage events go on their way to the event log. Embedded: the log itself (a
 * table on this machine's disk). Cluster: a spool file under DATA_DIR that a forwarder drains
 * into Kafka, so a broker outage costs no charge, even across a restart or a `kill -9`.
 */
export interface UsageOutbox {
  /**
   * Commits the events before it returns (a crash of the process after the call loses none), in
   * call order; resolves once they are on the disk (fsynced).
   */
  append(events: LedgerEvent[]): Promise<void>;
  /**
   * Begins delivering to the log, once the gateway follows the ledger's notices: the ledger
   * settles a delivered call's hold through them, so events from before a restart wait for it.
   */
  start(): void;
  /** True while the outbox holds as much owed usage as it may: new paid calls are refused, not served unbilled. */
  isFull(): boolean;
  /** Stops forwarding within a bounded time; what is not forwarded stays for the next start. */
  close(): Promise<void>;
}
