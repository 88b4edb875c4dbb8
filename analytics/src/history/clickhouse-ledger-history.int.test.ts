import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventLog, StoredEvent } from '@tollgate/ledger';
import { runLedgerHistoryContract } from '@tollgate/ledger/ledger-history-contract';
import { afterAll } from 'vitest';
import { createChdbQuerier } from '../adapters/chdb/chdb-querier.js';
import { createLogBatchHandler } from '../ingest/ingestion-worker.js';
import { migrate } from '../migrations/migrator.js';
import { ClickHouseLedgerHistory } from './clickhouse-ledger-history.js';

// chdb allows one data directory per process: one engine for the file, its table emptied per test.
const dir = await mkdtemp(join(tmpdir(), 'tollgate-history-'));
const querier = createChdbQuerier({ path: dir });
await migrate(querier);
afterAll(async () => {
  await querier.close();
  await rm(dir, { recursive: true, force: true });
});

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
