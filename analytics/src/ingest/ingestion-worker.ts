import type { BatchHandler, EventLog, StoredEvent } from '@tollgate/ledger';
import type { AnalyticsQuerier } from '../ports/analytics-querier.js';
import { dropAlreadyIngested, onePerEvent } from './drop-already-ingested.js';
import { eventToLogRow } from './event-to-log-row.js';
import { logsTable, type LogRow } from './log-row.js';
import { insertMovements } from './movement-rows.js';

export interface LogBatchHandlerOptions {
  querier: AnalyticsQuerier;
  /** Called after each insert, e.g. to push the new rows to live log pages. */
  onRowsInserted?: (rows: LogRow[]) => void;
}

export interface IngestionWorkerOptions extends LogBatchHandlerOptions {
  eventLog: EventLog;
  /** Consumer group; its committed offsets are analytics' own progress through the log. */
  group?: string;
  /** An insert holds at most this many events' rows (flush by size). */
  maxBatch?: number;
  /**
   * The longest events gather before an insert smaller than maxBatch (flush by time): ClickHouse
   * pays a fixed cost per insert (a new part, the rollup views; on chdb 20 to 35 ms of engine
   * threads whatever the size), so it advises about one large insert a second. Rows reach the log
   * pages up to this much later (live pushes do not wait). No rest follows an insert: a backlog
   * is taken maxBatch at a time, as fast as ClickHouse inserts.
   */
  batchMs?: number;
  /**
   * How many batches may be in the handler at once (2 by default): the next batch is parsed and
   * its rows built while the previous one is inserted; commits stay in order, after each insert.
   */
  batchesInFlight?: number;
  /** Told of each failed batch before it is delivered again (the log's own default: a process warning). */
  onError?: (error: unknown) => void;
}

export interface IngestionWorker {
  /** Resolves once the batch in flight is inserted and committed. */
  stop(): Promise<void>;
}

/** A second's worth of events at 20,000 calls a second: one insert per second per worker. */
export const DEFAULT_INGEST_BATCH_ROWS = 20_000;
export const DEFAULT_INGEST_BATCH_MS = 1_000;
/** One batch inserted while the next is prepared: the insert runs on ClickHouse's threads, the preparing on ours. */
export const DEFAULT_INGEST_BATCHES_IN_FLIGHT = 2;

/**
 * The batch's log rows. Its events passed the schema already: every EventLog adapter validates at
 * delivery, and an event that fails it fails the batch there (it is retried, never skipped).
 */
function logRowsOf(batch: StoredEvent[]): LogRow[] {
  const rows: LogRow[] = [];
  for (const { event } of batch) {
    const row = eventToLogRow(event);
    if (row) rows.push(row);
  }
  return rows;
}

/**
 * Inserts one batch's log rows in a single insert; safe to redeliver: when the log says a batch
 * may repeat, events already stored are dropped first, so the per-minute rollup fed by `logs`
 * never counts one twice. A batch new to the group skips that lookup (a query per batch whose
 * cost grows with the month's rows).
 */
export function createLogBatchHandler(options: LogBatchHandlerOptions): BatchHandler {
  return async (batch, delivery) => {
    await insertMovements(options.querier, batch); // every event, kept for statements and the audit
    const logged = logRowsOf(batch);
    const rows = delivery.mayRepeat ? await dropAlreadyIngested(options.querier, logged) : onePerEvent(logged);
    if (rows.length === 0) {
      return;
    }
    await options.querier.insert(logsTable, rows);
    options.onRowsInserted?.(rows);
  };
}

/** Follows the event log into ClickHouse, at least once; run `migrate` before starting it. */
export async function startIngestionWorker(options: IngestionWorkerOptions): Promise<IngestionWorker> {
  const { eventLog, group = 'analytics', maxBatch = DEFAULT_INGEST_BATCH_ROWS, batchMs = DEFAULT_INGEST_BATCH_MS } = options;
  // The log gathers the batch (by size or time) and commits its offsets only after the insert
  // resolved (and every earlier batch's): a worker killed mid-batch leaves it, and the batch
  // prepared beside it, uncommitted, and their redelivery says mayRepeat.
  const subscription = await eventLog.subscribe(group, createLogBatchHandler(options), {
    maxBatch,
    lingerMs: batchMs,
    batchesInFlight: options.batchesInFlight ?? DEFAULT_INGEST_BATCHES_IN_FLIGHT,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  return { stop: () => subscription.stop() };
}
