import { runBalanceStoreContract } from '../../ports/balance-store.contract.js';
import { tempSqlitePath } from '../../testing/temp-sqlite.js';
import { createSqliteBalanceStore } from './sqlite-balance-store.js';

runBalanceStoreContract('SqliteBalanceStore', async ({ now }) => createSqliteBalanceStore({ path: tempSqlitePath(), now }));
