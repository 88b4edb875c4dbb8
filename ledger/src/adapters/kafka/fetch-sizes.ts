import type { ConsumerConfig } from 'kafkajs';

/**
 * A lingering fetch with no batch size of its own returns at once only for this much: a backlog
 * (a consumer catching up) is not slowed by the linger, while a period's events under load (about
 * 600 bytes each: some 1,700 in 50 ms) come to less, so the wait ends the fetch.
 */
const LINGER_MIN_BYTES = 1024 * 1024;
/** A usage event as Kafka stores it, rounded up (JSON of ~500 to 650 bytes, plus the record's own). */
export const EVENT_BYTES = 700;
/** kafkajs' own defaults: 1 MiB per partition, 10 MiB per fetch. */
const DEFAULT_MAX_BYTES_PER_PARTITION = 1024 * 1024;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

export interface FetchTiming {
  /** How long one fetch waits for new events when nothing lingers (bounds stop()). */
  maxWaitTimeMs: number;
  /** How long events gather at the broker before a fetch returns them; 0: at once. */
  lingerMs: number;
  /**
   * When set, the events a delivery should hold: a fetch then returns once about this many
   * events' bytes are there or lingerMs passed, whichever first (Kafka's fetch.min.bytes with
   * fetch.max.wait.ms), and a partition's fetch has room for that many, so one fetch is one batch
   * instead of 1 MiB (about 1,500 events) at a time.
   */
  batchEvents?: number;
  /**
   * With batchEvents, how many batches a partition's fetch has room for (1 by default), so a
   * backlog comes that many batches a fetch and a subscription that overlaps batches
   * (batchesInFlight) has the next one at hand; the fetch still returns at one batch's bytes.
   */
  batchesInFlight?: number;
}

type FetchSizes = Pick<ConsumerConfig, 'minBytes' | 'maxWaitTimeInMs' | 'maxBytesPerPartition' | 'maxBytes'>;

/** The consumer's fetch settings for a subscription's timing and batch size. */
export function fetchSizes(timing: FetchTiming): FetchSizes {
  if (timing.lingerMs <= 0) return { maxWaitTimeInMs: timing.maxWaitTimeMs };
  if (timing.batchEvents === undefined) return { minBytes: LINGER_MIN_BYTES, maxWaitTimeInMs: timing.lingerMs };
  const batchBytes = timing.batchEvents * EVENT_BYTES;
  const maxBytesPerPartition = Math.max(DEFAULT_MAX_BYTES_PER_PARTITION, batchBytes * Math.max(1, timing.batchesInFlight ?? 1));
  return {
    minBytes: batchBytes,
    maxWaitTimeInMs: timing.lingerMs,
    maxBytesPerPartition,
    maxBytes: Math.max(DEFAULT_MAX_BYTES, maxBytesPerPartition),
  };
}
