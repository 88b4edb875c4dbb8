import { setTimeout as sleep } from 'node:timers/promises';
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
  maxBatch?: number;
  /**
   * After a batch smaller than `maxBatch`, how long the worker rests before taking the next, so
   * events gather into fewer, larger inserts. ClickHouse pays a fixed cost per insert (a new part,
   * the rollup views): on chdb about 20 to 35 ms of engine threads whatever the batch size, which
   * embedded shares the relay's core. Rows reach the log pages up to this much later. Default 0.
   */
  restAfterInsertMs?: number;
  /** Told of each failed batch before it is delivered again (the log's own default: a process warning). */
  onError?: (error: unknown) => void;
}

export interface IngestionWorker {
  /** Resolves once the batch in flight is inserted and committed. */
  stop(): Promise<void>;
}

/**
 * Room for a rest's worth of events at several thousand calls a second, so each rest ends in one
 * insert: chdb's fixed cost per insert (a part per table, the rollup views) is paid once, not once
 * per thousand rows.
 */
const DEFAULT_MAX_BATCH = 4_000;

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
  const { eventLog, group = 'analytics', maxBatch = DEFAULT_MAX_BATCH, restAfterInsertMs = 0 } = options;
  const stopping = new AbortController();
  const insertBatch = createLogBatchHandler(options);
  const subscription = await eventLog.subscribe(
    group,
    async (batch, delivery) => {
      await insertBatch(batch, delivery);
      if (batch.length < maxBatch && restAfterInsertMs > 0) await sleep(restAfterInsertMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    },
    { maxBatch, ...(options.onError ? { onError: options.onError } : {}) },
  );
  return {
    stop: async () => {
      stopping.abort();
      await subscription.stop();
    },
  };
}
