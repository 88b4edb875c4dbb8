import { describe } from 'vitest';
import { runAnalyticsContract } from '../../ports/analytics-querier.contract.js';
import { createClickHouseQuerier, ensureDatabase } from './clickhouse-querier.js';

// The cluster tier (`npm run test:cluster`) runs against a real ClickHouse server named by CLICKHOUSE_URL.
const url = process.env.CLICKHOUSE_URL;
if (!url) throw new Error('CLICKHOUSE_URL must name a ClickHouse server for the cluster tier');
const database = 'tollgate_contract';

describe('ClickHouse server', () => {
  runAnalyticsContract('clickhouse', async () => {
    const options = { url, database };
    await ensureDatabase(options);
    return createClickHouseQuerier(options);
  });
});
