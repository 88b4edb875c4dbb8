import { Worker } from 'node:worker_threads';
import type { BalancePublisher } from '@tollgate/ledger';
import { dict } from '@tollgate/wire';
import type { Logger } from 'pino';
import type { EngineConfig } from '../../config.js';
import type { HostedWorkers } from '../hosted-workers.js';
import type { AnalyticsHost } from './analytics-host.js';
import { type FromWorker, fromWorkerSchema, type ToWorker, type WorkerData } from './messages.js';
import { type ReadyThread, superviseThread } from './thread-supervisor.js';

export interface WorkerThreadOptions {
  config: EngineConfig;
  dataDir: string;
  /** Where the ledger's notices land on the relay's thread: the hold store and the live console follow it. */
  notifier: BalancePublisher;
  /** The relay's log's append counter: the relay's appends wake the thread's ledger at once. */
  wakeups: SharedArrayBuffer;
  log: Logger;
  /** Which workers the thread hosts; by default the ledger worker alone. */
  hosts?: WorkerData['hosts'];
  /** Runs the thread's analytics inserts and queries here (createAnalyticsHost); needed when it hosts the ingestion. */
  analytics?: AnalyticsHost;
}

/** The thread runs TypeScript as the process does: boot.mjs registers tsx there, then imports worker-thread-main.ts. */
const BOOT = new URL('./boot.mjs', import.meta.url);

/** The variables' text of the engine settings, for the thread to parse with the same schema. */
function settingsText(config: EngineConfig): Record<string, string> {
  const text = dict<string>();
  for (const [name, value] of Object.entries(config)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') text[name] = String(value);
  }
  return text;
}

/** Hands one validated message from the thread to where it belongs; says whether it was the thread's 'ready'. */
function receive(message: FromWorker, { notifier, log, analytics }: WorkerThreadOptions, reply: (answer: ToWorker) => void): 'ready' | 'other' {
  switch (message.kind) {
    case 'ready':
      return 'ready';
    case 'balances':
      notifier.publish(message.changes).catch((error: unknown) => log.error({ err: error }, 'a balances listener failed'));
      break;
    case 'insert':
    case 'query':
      if (analytics) analytics.handle(message, reply);
      else reply({ kind: 'refused', id: message.id, message: 'no analytics engine for this thread' });
      break;
    case 'failed':
      log.error({ err: Object.assign(new Error(message.message), { stack: message.stack }), worker: message.worker }, 'background work failed; it is retried');
  }
  return 'other';
}

/** Starts the thread; resolves once its workers run, rejects if it fails or ends before. */
export function spawnWorkerThread(options: WorkerThreadOptions): Promise<ReadyThread> {
  const { log } = options;
  const workerData: WorkerData = { env: settingsText(options.config), dataDir: options.dataDir, wakeups: options.wakeups, hosts: options.hosts ?? { ledger: true, ingestionGroup: null } };
  const worker = new Worker(BOOT, { workerData });
  const exited = new Promise<number>((done) => worker.once('exit', done));
  const reply = (answer: ToWorker) => worker.postMessage(answer); // after the thread's exit: dropped
  return new Promise((resolve, reject) => {
    let ready = false;
    worker.on('message', (raw: unknown) => {
      const parsed = fromWorkerSchema.safeParse(raw);
      if (!parsed.success) return log.error({ issues: parsed.error.issues }, 'ledger thread: a message was refused');
      if (receive(parsed.data, options, reply) === 'ready' && !ready) {
        ready = true;
        resolve({ worker, exited });
      }
    });
    worker.on('error', (error) => {
      if (ready) log.error({ err: error }, 'ledger thread crashed');
      else reject(error);
    });
    exited.then((code) => reject(new Error(`ledger thread exited with code ${code} before it was ready`)), reject);
  });
}

/**
 * The ledger worker and the analytics ingestion (`hosts`) on a thread of their own, so their SQLite
 * transactions, read-back and rows' JSON leave the relay's event loop (docs/benchmarks.md,
 * "Embedded workers off the relay's loop"). The ledger's notices come back as messages, validated
 * here, and are published on `notifier` as the in-process worker's were; the ingestion's inserts
 * and queries come as requests that `analytics` runs on this thread's chdb.
 */
export function startWorkerThread(options: WorkerThreadOptions): Promise<HostedWorkers> {
  return superviseThread(() => spawnWorkerThread(options), options.log);
}
