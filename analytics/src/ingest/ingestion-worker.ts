import { setTimeout as sleep } from 'node:timers/promises';
import { ledgerEventSchema, type BatchHandler, type EventLog, type StoredEvent } from '@tollgate/ledger';
import type { z } from 'zod';
import type { AnalyticsQuerier } from '../ports/analytics-querier.js';
import { dropAlreadyIngested } from './drop-already-ingested.js';
import { eventToLogRow } from './event-to-log-row.js';
import { logsTable, type LogRow } from './log-row.js';

export interface LogBatchHandlerOptions {
  querier: AnalyticsQuerier;
  /**
   * Called for an event that fails the schema; the event is then skipped. Without it the batch
   * throws and is redelivered, which stalls the partition on a bad event until someone looks.
   */
  onInvalidEvent?: (stored: StoredEvent, error: z.ZodError) => void;
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
}

export interface IngestionWorker {
  /** Resolves once the batch in flight is inserted and committed. */
  stop(): Promise<void>;
}

const DEFAULT_MAX_BATCH = 1_000;

function parseBatch(batch: StoredEvent[], options: LogBatchHandlerOptions): LogRow[] {
  const rows: LogRow[] = [];
  for (const stored of batch) {
    const parsed = ledgerEventSchema.safeParse(stored.event);
    if (!parsed.success) {
      if (!options.onInvalidEvent) {
        throw parsed.error;
      }
      options.onInvalidEvent(stored, parsed.error);
      continue;
    }
    const row = eventToLogRow(parsed.data);
    if (row) {
      rows.push(row);
    }
  }
  return rows;
}

/**
 * Inserts one batch's log rows in a single insert; safe to redeliver: events already stored are
 * dropped first, so the per-minute rollup fed by `logs` never counts one twice.
 */
export function createLogBatchHandler(options: LogBatchHandlerOptions): BatchHandler {
  return async (batch) => {
    const rows = await dropAlreadyIngested(options.querier, parseBatch(batch, options));
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
    async (batch) => {
      await insertBatch(batch);
      if (batch.length < maxBatch && restAfterInsertMs > 0) await sleep(restAfterInsertMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    },
    { maxBatch },
  );
  return {
    stop: async () => {
      stopping.abort();
      await subscription.stop();
    },
  };
}
