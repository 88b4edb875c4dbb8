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
}

export interface IngestionWorker {
  /** Resolves once the batch in flight is inserted and committed. */
  stop(): Promise<void>;
}

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
  const { eventLog, group = 'analytics', maxBatch } = options;
  const subscription = await eventLog.subscribe(group, createLogBatchHandler(options), { maxBatch });
  return { stop: () => subscription.stop() };
}
