import type { UsageReader } from '../../src/ports/usage-reader.js';

/** FAKE, for gateway tests that never read the dashboard: no usage at all. Tests of it use chdb. */
export const emptyUsageReader: UsageReader = {
  quotaData: async () => [],
  trafficPerMinute: async () => [],
  async *exportLogs() {},
  async *exportDailyUsage() {},
  async *statementParquet() {},
};
