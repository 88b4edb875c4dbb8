import type { DailyUsage, DailyUsageRange, ExportRange, QuotaDataInput, StatementLine, TrafficPerMinuteInput, SelfUsageInput, SelfUsageTotals } from '@tollgate/analytics';
import type { LogEntry, QuotaDataRow, TrafficMinute } from '@tollgate/wire';

/**
 * The dashboard's and the finance export's read side of analytics (the per-minute rollup and the
 * log table). Exports come as pages pulled one at a time, so a response streams a range of any
 * size with one page in memory.
 */
export interface UsageReader {
  /** `/api/data`: quota, tokens and requests by model per hour, day or week bucket. */
  quotaData(input: QuotaDataInput): Promise<QuotaDataRow[]>;
  /** `/api/ops/`: everyone's calls, tokens and quota per minute (the operations view's last hour). */
  trafficPerMinute(input: TrafficPerMinuteInput): Promise<TrafficMinute[]>;
  /** A user's own home: spend today, this month and over the burn window; this month per token and per model. */
  selfUsage(input: SelfUsageInput): Promise<SelfUsageTotals>;
  /** Every log row of a time range, in pages. */
  exportLogs(range: ExportRange): AsyncIterable<LogEntry[]>;
  /** Per-user, per-model, per-day totals of a time range (one user's when `userId` is set), in pages. */
  exportDailyUsage(range: DailyUsageRange): AsyncIterable<DailyUsage[]>;
  /** The part of those totals subscriptions paid (issue #41), in the same order: what a statement takes out of the wallet's consumption. */
  exportDailySubscriptionUse(range: DailyUsageRange): AsyncIterable<DailyUsage[]>;
  /** A statement's lines as Parquet, written by ClickHouse itself. */
  statementParquet(lines: AsyncIterable<StatementLine[]>): AsyncIterable<Uint8Array>;
}
