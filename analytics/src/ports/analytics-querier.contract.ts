import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { migrate, rollback } from '../migrations/migrator.js';
import type { AnalyticsQuerier } from './analytics-querier.js';
import type { EncodedInserter } from './encoded-insert.js';
import { deleteLogsContract } from './contract/delete-logs.contract.js';
import { ingestionContract } from './contract/ingestion.contract.js';
import { listLogsContract } from './contract/list-logs.contract.js';
import { searchLogsContract } from './contract/search-logs.contract.js';
import { logStatsContract } from './contract/log-stats.contract.js';
import { migrationContract } from './contract/migration.contract.js';
import { querierContract } from './contract/querier.contract.js';
import { usageRollupContract } from './contract/usage-rollup.contract.js';
import { usageQueriesContract } from './contract/usage-queries.contract.js';
import { statementContract } from './contract/statement.contract.js';
import { subscriptionUseContract } from './contract/subscription-use.contract.js';
import type { ContractContext } from './contract/contract-context.js';

/**
 * The behaviour every AnalyticsQuerier adapter must share, from the same migration files to the
 * same query results. Each test starts from an empty, freshly migrated schema (rollback + migrate),
 * so the factory may hand back a querier over a database that already holds data.
 */
export function runAnalyticsContract(name: string, factory: () => Promise<AnalyticsQuerier & EncodedInserter>): void {
  describe(`AnalyticsQuerier contract: ${name}`, () => {
    let querier: (AnalyticsQuerier & EncodedInserter) | undefined;
    const context: ContractContext = {
      querier: () => {
        if (!querier) {
          throw new Error('the querier factory has not run');
        }
        return querier;
      },
    };

    beforeAll(async () => {
      querier = await factory();
    });
    afterAll(async () => {
      await querier?.close();
    });
    beforeEach(async () => {
      await rollback(context.querier());
      await migrate(context.querier());
    });

    querierContract(context);
    migrationContract(context);
    ingestionContract(context);
    listLogsContract(context);
    searchLogsContract(context);
    logStatsContract(context);
    deleteLogsContract(context);
    usageRollupContract(context);
    usageQueriesContract(context);
    subscriptionUseContract(context);
    statementContract(context);
  });
}
