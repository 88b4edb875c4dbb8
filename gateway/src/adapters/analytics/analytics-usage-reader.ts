import { type AnalyticsQuerier, exportDailySubscriptionUse, exportDailyUsage, exportLogs, quotaData, statementParquet, trafficPerMinute, selfUsage } from '@tollgate/analytics';
import type { UsageReader } from '../../ports/usage-reader.js';

/** The dashboard and export queries of analytics (chdb or a ClickHouse server) behind the gateway's port. */
export function createAnalyticsUsageReader(querier: AnalyticsQuerier): UsageReader {
  return {
    quotaData: quotaData(querier),
    trafficPerMinute: trafficPerMinute(querier),
    selfUsage: selfUsage(querier),
    exportLogs: exportLogs(querier),
    exportDailyUsage: exportDailyUsage(querier),
    exportDailySubscriptionUse: exportDailySubscriptionUse(querier),
    statementParquet: statementParquet(querier),
  };
}
