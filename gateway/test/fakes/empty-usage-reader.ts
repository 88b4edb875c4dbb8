import type { UsageReader } from '../../src/ports/usage-reader.js';

/** FAKE, for gateway tests that never read the dashboard: no usage at all. Tests of it use chdb. */
export const emptyUsageReader: UsageReader = {
  quotaData: async () => [],
  trafficPerMinute: async () => [],
  selfUsage: async () => ({ today_quota: 0, today_requests: 0, month_quota: 0, month_requests: 0, burn_quota: 0, by_token: [], by_model: [] }),
  async *exportLogs() {},
  async *exportDailyUsage() {},
  async *exportDailySubscriptionUse() {},
  async *statementParquet() {},
};
