import { describe } from 'vitest';
import { runAnalyticsContract } from '../../ports/analytics-querier.contract.js';
import { clickHouseServerUrl } from '../../testing/config.js';
import { createClickHouseQuerier, ensureDatabase } from './clickhouse-querier.js';

// The ClickHouse-server tier (`npm run test:clickhouse-server`) runs against the server named by CLICKHOUSE_URL.
// No server can be installed on the project's machines (Debian's is 18.16, too old), so CI runs the
// same contract on chdb, the same engine in-process (chdb-querier.int.test.ts).
const url = clickHouseServerUrl();
const database = 'tollgate_contract';

describe('ClickHouse server', () => {
  runAnalyticsContract('clickhouse', async () => {
    const options = { url, database };
    await ensureDatabase(options);
    return createClickHouseQuerier(options);
  });
});
