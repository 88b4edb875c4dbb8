import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { tempSqlitePath } from '../../testing/temp-sqlite.js';
import { createSqliteBalanceStore } from './sqlite-balance-store.js';

it('opens a file written before the invite account: its users keep their balances, the invite account reads zero', async () => {
  const path = tempSqlitePath();
  const old = new Database(path);
  old.exec('CREATE TABLE ledger_user_balances (user_id INTEGER PRIMARY KEY, quota INTEGER NOT NULL, used_quota INTEGER NOT NULL, request_count INTEGER NOT NULL)');
  old.exec('INSERT INTO ledger_user_balances VALUES (1, 500, 20, 2)');
  old.close();
  const store = createSqliteBalanceStore({ path });
  expect(await store.users([1])).toEqual([{ userId: 1, quota: 500, usedQuota: 20, requestCount: 2, affQuota: 0, affHistoryQuota: 0, affCount: 0 }]);
  await store.close();
});
