export type { AnalyticsQuerier, InsertRow, QueryParams, SelectQuery } from './ports/analytics-querier.js';
export type { EncodedInserter, EncodedRows } from './ports/encoded-insert.js';
export { encodeRows } from './ingest/encode-rows.js';
export { migrate, rollback } from './migrations/migrator.js';
export { loadMigrations, type Migration } from './migrations/migration-files.js';
export { eventToLogRow } from './ingest/event-to-log-row.js';
export { logsTable, type LogRow } from './ingest/log-row.js';
export {
  createLogBatchHandler,
  startIngestionWorker,
  type IngestionWorker,
  type IngestionWorkerOptions,
  type LogBatchHandlerOptions,
} from './ingest/ingestion-worker.js';
export { logFilterSchema, type LogFilter } from './queries/logs/log-filter.js';
export { MAX_EPOCH_SECOND } from './queries/epoch-second.js';
export { listLogs, listLogsInputSchema, type ListLogsInput, type LogPage } from './queries/logs/list-logs.js';
export { logStats, type LogStats } from './queries/logs/log-stats.js';
export { deleteLogsBefore } from './queries/logs/delete-logs.js';
export { granularities, type Granularity } from './queries/rollups/usage-per-minute.js';
export { quotaData, quotaDataInputSchema, type QuotaDataInput } from './queries/rollups/quota-data.js';
export { trafficPerMinute, type TrafficPerMinuteInput } from './queries/rollups/traffic-per-minute.js';
export { selfUsage, selfUsageInputSchema, type SelfUsageInput, type SelfUsageTotals } from './queries/rollups/self-usage.js';
export { exportLogs, exportRangeSchema, type ExportRange } from './queries/logs/export-logs.js';
export { exportDailySubscriptionUse, exportDailyUsage, type DailyUsage } from './queries/rollups/export-daily-usage.js';
export { dropAlreadyIngested } from './ingest/drop-already-ingested.js';
export { searchLogs, type SearchLogsInput } from './queries/logs/search-logs.js';
export { importedLogIdPrefix, loggedConsumptionPerDay, logsKeptSince, type LoggedConsumption } from './queries/logs/consumption-per-day.js';
export { type DailyUsageRange } from './queries/rollups/export-daily-usage.js';
export { statementParquet, statementLineSchema, statementLineColumns, type StatementLine } from './queries/statement-lines.js';
export type { OutputFormat } from './ports/analytics-querier.js';
export { ClickHouseLedgerHistory, type ClickHouseLedgerHistoryOptions } from './history/clickhouse-ledger-history.js';
export { insertMovements, logOrderTable, movementRowOf, movementsTable, type MovementRow } from './ingest/movement-rows.js';
export { backfillMovements } from './history/backfill-movements.js';
