import { parentPort, workerData } from 'node:worker_threads';
import type { BalancePublisher } from '@tollgate/ledger';
import { loadWorkerConfig } from '../../config.js';
import { openBalances, openEventLog } from '../ledger-engines.js';
import { startHostedWorkers } from '../hosted-workers.js';
import { type FromWorker, toWorkerSchema, workerDataSchema } from './messages.js';
import { createRelayedQuerier } from './relayed-querier.js';

/**
 * The embedded workers' thread (started by `worker-thread.ts`): the ledger worker and the analytics
 * ingestion, as `hosts` asks, on an event loop of their own, on the same ledger.db as the relay's
 * thread (SQLite in WAL mode takes both connections). No analytics engine is loaded here: chdb's
 * addon crashes in the teardown of any thread that loaded it (worker-thread.int.test.ts), so the
 * ingestion reads the log and writes its rows' JSON here, and the relay's thread inserts them
 * (relayed-querier.ts, analytics-host.ts).
 */
if (!parentPort) throw new Error('worker-thread-main.ts runs only as a worker thread');
const port = parentPort;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const data = workerDataSchema.parse(workerData);
const config = loadWorkerConfig(data.env);
const reportError = (error: unknown) => {
  const failure = error instanceof Error ? error : new Error(String(error));
  post({ kind: 'failed', worker: 'embedded workers', message: failure.message, ...(failure.stack ? { stack: failure.stack } : {}) });
};

// On the relay's log's counter: its appends wake this thread's consumers at once.
const eventLog = openEventLog(config, data.dataDir, data.wakeups);
const balances = data.hosts.ledger ? await openBalances(config, data.dataDir) : null;
// What the ledger worker applied goes whole to the relay's thread, whose notifier tells the followers.
const notifier: BalancePublisher = { publish: async (changes) => post({ kind: 'balances', changes }) };
const querier = data.hosts.ingestionGroup === null ? null : createRelayedQuerier(post);
// Not awaited before the port listens: the ingestion's first requests (the backfill's look, a
// batch's insert) are answered through it.
const started = startHostedWorkers({ eventLog, balances, notifier, querier }, { ledger: data.hosts.ledger, ingestionGroup: data.hosts.ingestionGroup, config, onError: reportError });

async function stop(): Promise<void> {
  await (await started).stop();
  await eventLog.close();
  await balances?.close();
  await querier?.close();
}

port.on('message', (raw: unknown) => {
  const parsed = toWorkerSchema.safeParse(raw);
  if (!parsed.success) return reportError(new Error(`embedded workers: unknown message refused: ${parsed.error.message}`));
  const message = parsed.data;
  if (message.kind !== 'stop') return querier?.receive(message);
  // process.exit in a worker ends this thread only: 0 once closed, 1 (after the report) when closing failed.
  stop().then(
    () => process.exit(0),
    (error: unknown) => {
      reportError(error);
      process.exit(1);
    },
  );
});
await started;
post({ kind: 'ready' });
