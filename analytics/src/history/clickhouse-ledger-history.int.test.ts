import type { EventLog, StoredEvent } from '@tollgate/ledger';
import { runLedgerHistoryContract } from '@tollgate/ledger/ledger-history-contract';
import { migratedChdb } from '../testing/migrated-chdb.js';
import { createLogBatchHandler } from '../ingest/ingestion-worker.js';
import { ClickHouseLedgerHistory } from './clickhouse-ledger-history.js';

// One engine for the file (chdb allows one data directory per process), its tables emptied per test where needed.
const querier = await migratedChdb('history');

/**
 * The log side as the ingestion sees it: each append is a batch delivered to the real handler,
 * at the next offsets of one partition. Marked new: the movements' idempotence needs no look-up
 * (the logs' look-up refuses the contract's second-0 times), so a retry's second copy is stored too.
 */
function ingestingLog(): EventLog {
  const ingest = createLogBatchHandler({ querier });
  let next = 0;
  return {
    append: async (events) => {
      const batch: StoredEvent[] = events.map((event) => ({ partition: 0, offset: next++, event }));
      await ingest(batch, { mayRepeat: false });
    },
    subscribe: () => Promise.reject(new Error('not used by the contract')),
    close: async () => {},
  };
}

runLedgerHistoryContract('ClickHouseLedgerHistory on chdb', async () => {
  await querier.command('TRUNCATE TABLE ledger_movements');
  await querier.command('TRUNCATE TABLE ledger_log_order');
  await querier.command('TRUNCATE TABLE logs');
  return { log: ingestingLog(), history: new ClickHouseLedgerHistory(querier), close: async () => {} };
});
