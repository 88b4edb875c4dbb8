import type { LedgerEvent } from '@tollgate/wire';

/** An event as read back from the log, with its position. */
export interface StoredEvent {
  partition: number;
  /** Strictly increasing within a partition. */
  offset: number;
  event: LedgerEvent;
  /**
   * The event's JSON as the log holds it (Kafka's record, SQLite's row): a consumer
   * that keeps events whole (analytics' ledger_movements) stores this instead of writing the
   * event out again. It parses to `event` under the same schema.
   */
  json?: string;
}

/** What the log knows of a batch's past: whether a handler may have seen its events before. */
export interface BatchDelivery {
  /**
   * True when a handler of the group may already have acted on some of the batch's events without
   * their offsets being committed: the events that were in the partition when this subscription
   * took it (a process that stopped mid-batch, another member before a rebalance), and a batch
   * delivered again after a failure. False when every event is new to the group, so a handler
   * whose effects are not idempotent can skip looking for its own earlier work.
   */
  mayRepeat: boolean;
}

/** Handles one batch; the log commits the group's offsets only after it resolves. */
export type BatchHandler = (batch: StoredEvent[], delivery: BatchDelivery) => Promise<void>;

export interface Subscription {
  /** Stops delivering; resolves once the batch in flight (if any) is handled and committed. */
  stop(): Promise<void>;
}

/**
 * The durable, ordered log of every fact that changes money or is logged.
 * Embedded: a SQLite table. Cluster: a Kafka topic keyed by user id.
 */
export interface EventLog {
  /** Durably appends the events, in order; events of one key keep their order. */
  append(events: LedgerEvent[]): Promise<void>;
  /**
   * Delivers events from the group's committed offsets on, in order per partition,
   * at least once: a batch whose handler throws is delivered again.
   */
  subscribe(group: string, handler: BatchHandler, options?: SubscribeOptions): Promise<Subscription>;
  /** Stops every subscription (waiting for batches in flight), then releases the log. */
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** The most events one handler call receives. */
  maxBatch?: number;
  /**
   * Batching by size and time: a delivery waits up to this long for maxBatch events and comes as
   * soon as they are there, whichever first (Kafka: the fetch's min bytes and max wait, sized to
   * maxBatch; SQLite: a rest after a short batch). Without it the log's own linger applies.
   * Offsets are still committed only after the handler resolved.
   */
  lingerMs?: number;
  /**
   * How many batches the handler may be given at once (1 by default: each batch handled and
   * committed before the next is handed over). With 2, the next batch's handler starts while the
   * previous one's still runs (its parsing and row building overlap the previous insert), on one
   * partition: for handlers whose batches are independent (the analytics ingestion), never for
   * ones that apply events in order (the ledger). Offsets are still committed in order, each only
   * after its handler and every earlier one resolved; after a failure every batch that had begun
   * comes again with mayRepeat. Batches in flight together hold different offsets, so each one's
   * look-up for its own earlier work is unaffected by the other's writes (an event appended twice,
   * a copy in each, goes unseen, as it does today in two batches that are not may-repeat).
   * Kafka only: the SQLite log hands batches one at a time.
   */
  batchesInFlight?: number;
  /**
   * How many partitions' batches the handler may be given at once (1 by default: never re-entered).
   * Batches of one partition still come one at a time, in order. The SQLite log has one partition.
   */
  partitionsAtOnce?: number;
  /**
   * Told of every failed delivery (a throwing handler, an event that fails its schema) before the
   * batch is retried; without it the adapter emits a process warning, so no failure is silent.
   */
  onError?: (error: unknown) => void;
}

/** Reads the whole log from its start, without a consumer group: for audits and rebuilds. */
export interface EventLogReader {
  /** Every event in offset order per partition, validated like a subscription's. */
  readAll(): AsyncIterable<StoredEvent>;
}
