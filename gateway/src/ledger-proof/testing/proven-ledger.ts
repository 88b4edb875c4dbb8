import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnalyticsQuerier, ClickHouseLedgerHistory, eventToLogRow, insertMovements, type LogRow, loggedConsumptionPerDay, logOrderTable, logsKeptSince, logsTable, movementsTable } from '@tollgate/analytics';
import type { StoredEvent } from '@tollgate/ledger';
import { createSqliteBalanceStore, createSqliteEventLog } from '@tollgate/ledger/sqlite';
import { onTestFinished } from 'vitest';
import { createLedgerProver } from '../ledger-prover.js';
import { twoUsersHistory } from './proof-fixtures.js';

/**
 * Two users over two days (hours in the past) in a SQLite event log, applied to the SQLite balances
 * and ingested as log rows and as the ledger's kept history into `querier` (emptied of an earlier
 * test's history first), as the workers would; with a prover over them, reading that history.
 * `path` is the ledger's file, for tests that tamper with it.
 */
export async function ledgerWithLogs(querier: AnalyticsQuerier) {
  const dir = await mkdtemp(join(tmpdir(), 'tollgate-ledger-'));
  const path = join(dir, 'ledger.db');
  const events = createSqliteEventLog({ path });
  const balances = createSqliteBalanceStore({ path });
  onTestFinished(async () => {
    await events.close();
    await balances.close();
    await rm(dir, { recursive: true, force: true });
  });
  const log = twoUsersHistory();
  await events.append(log);
  const stored: StoredEvent[] = [];
  for await (const one of events.readAll()) stored.push(one);
  await balances.apply(stored);
  await querier.insert(logsTable, log.map(eventToLogRow).filter((row): row is LogRow => row !== null));
  await querier.command(`TRUNCATE TABLE ${movementsTable}`);
  await querier.command(`TRUNCATE TABLE ${logOrderTable}`);
  await insertMovements(querier, stored);
  const history = new ClickHouseLedgerHistory(querier);
  const prover = createLedgerProver({ events: history, historyThrough: () => history.ingestedThrough(), balances, loggedConsumption: loggedConsumptionPerDay(querier), logsKeptSince: logsKeptSince(querier) });
  return { path, prover };
}
