import type { AnalyticsQuerier } from '@tollgate/analytics';
import type { EventLog } from '@tollgate/ledger';
import type { Documents } from '../ports/documents/documents.js';
import type { ImportReport } from './import-report.js';
import type { SourceDatabase } from './sources/source-database.js';

/** Tollgate's stores, built by the composition root's helpers: the import writes through the app's own ports. */
export interface ImportTargets {
  documents: Documents;
  eventLog: EventLog;
  querier: AnalyticsQuerier;
}

/** Rows done so far out of the table's total, for a progress bar. */
export type ProgressListener = (table: string, done: number, total: number) => void;

export interface ImportContext {
  source: SourceDatabase;
  /** Where the logs table is: `source`, unless new-api kept its logs apart (LOG_SQL_DSN). */
  logSource: SourceDatabase;
  targets: ImportTargets;
  report: ImportReport;
  dryRun: boolean;
  /** Seconds since the epoch: the time imported documents without one of their own are given. */
  nowSeconds: number;
  onProgress: ProgressListener;
}

/** Source rows per page; 5,000 keeps each ClickHouse insert large and the memory small. */
export const BATCH_SIZE = 5_000;
