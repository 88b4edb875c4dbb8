import { runLedgerHistoryContract } from '../../ports/ledger-history.contract.js';
import { tempSqlitePath } from '../../testing/temp-sqlite.js';
import { createSqliteEventLog } from './sqlite-event-log.js';

runLedgerHistoryContract('SqliteEventLog', async () => {
  const log = createSqliteEventLog({ path: tempSqlitePath() });
  return { log, history: log, close: () => log.close() };
});
