import { parentPort, workerData } from 'node:worker_threads';
import { createInProcessBalanceNotifier } from '@tollgate/ledger/in-process';
import { loadWorkerConfig } from '../../config.js';
import { OTHER_THREAD_POLL_MS, openBalances, openEventLog, openQuerier } from '../engines.js';
import { startHostedWorkers } from '../hosted-workers.js';
import { type FromWorker, toWorkerSchema, workerDataSchema } from './messages.js';

/**
 * The embedded workers' thread (started by `worker-thread.ts`): the ledger worker and the
 * analytics ingestion on an event loop of their own, on the same files as the relay's thread.
 * SQLite in WAL mode takes both connections; chdb runs one engine per process, which this
 * thread's querier shares with the console's (a second process on the same path is refused).
 */
if (!parentPort) throw new Error('worker-thread-main.ts runs only as a worker thread');
const port = parentPort;
const post = (message: FromWorker) => port.postMessage(message);

const data = workerDataSchema.parse(workerData);
const config = loadWorkerConfig(data.env);
const reportError = (error: unknown) => {
  const failure = error instanceof Error ? error : new Error(String(error));
  post({ kind: 'failed', worker: 'embedded workers', message: failure.message, ...(failure.stack ? { stack: failure.stack } : {}) });
};

// The relay's appends wake only its own thread's consumers: this thread looks for them every 50 ms.
const eventLog = openEventLog(config, data.dataDir, OTHER_THREAD_POLL_MS);
const balances = await openBalances(config, data.dataDir);
const querier = data.ingestionGroup === null ? null : await openQuerier(config, data.dataDir);
// The ledger worker tells this notifier; its one listener hands the notice to the relay's thread.
const notifier = createInProcessBalanceNotifier();
notifier.subscribe((changes) => post({ kind: 'balances', changes }));
const workers = await startHostedWorkers({ eventLog, balances, notifier, querier }, { ledger: data.ledger, ingestionGroup: data.ingestionGroup, config, onError: reportError });

async function stop(): Promise<void> {
  await workers.stop();
  await eventLog.close();
  await balances.close();
  await querier?.close();
  await notifier.close();
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
