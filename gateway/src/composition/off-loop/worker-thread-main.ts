import { parentPort, workerData } from 'node:worker_threads';
import type { BalancePublisher } from '@tollgate/ledger';
import { loadWorkerConfig } from '../../config.js';
import { openBalances, openEventLog } from '../ledger-engines.js';
import { startHostedWorkers } from '../hosted-workers.js';
import { type FromWorker, toWorkerSchema, workerDataSchema } from './messages.js';

/**
 * The ledger's thread (started by `worker-thread.ts`): the ledger worker on an event loop of its
 * own, on the same ledger.db as the relay's thread (SQLite in WAL mode takes both connections).
 * The analytics ingestion stays on the relay's loop: a thread ended with a chdb query in flight
 * hits a fatal error in chdb's native addon and never reports its exit (worker-thread.int.test.ts
 * shows the ledger's thread started again; docs/benchmarks.md says what was observed).
 */
if (!parentPort) throw new Error('worker-thread-main.ts runs only as a worker thread');
const port = parentPort;
const post = (message: FromWorker) => port.postMessage(message);

const data = workerDataSchema.parse(workerData);
const config = loadWorkerConfig(data.env);
const reportError = (error: unknown) => {
  const failure = error instanceof Error ? error : new Error(String(error));
  post({ kind: 'failed', worker: 'ledger', message: failure.message, ...(failure.stack ? { stack: failure.stack } : {}) });
};

// On the relay's log's counter: its appends wake this thread's consumer at once.
const eventLog = openEventLog(config, data.dataDir, data.wakeups);
const balances = await openBalances(config, data.dataDir);
// What the ledger worker applied goes whole to the relay's thread, whose notifier tells the followers.
const notifier: BalancePublisher = { publish: async (changes) => post({ kind: 'balances', changes }) };
const workers = await startHostedWorkers({ eventLog, balances, notifier, querier: null }, { ledger: true, ingestionGroup: null, config, onError: reportError });

async function stop(): Promise<void> {
  await workers.stop();
  await eventLog.close();
  await balances.close();
}

port.on('message', (raw: unknown) => {
  const parsed = toWorkerSchema.safeParse(raw);
  if (!parsed.success) return reportError(new Error(`embedded workers: unknown message refused: ${parsed.error.message}`));
  // process.exit in a worker ends this thread only: 0 once closed, 1 (after the report) when closing failed.
  stop().then(
    () => process.exit(0),
    (error: unknown) => {
      reportError(error);
      process.exit(1);
    },
  );
});
post({ kind: 'ready' });
