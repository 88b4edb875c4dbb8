import { Worker } from 'node:worker_threads';
import type { BalancePublisher } from '@tollgate/ledger';
import { dict } from '@tollgate/wire';
import type { Logger } from 'pino';
import type { EngineConfig } from '../../config.js';
import type { HostedWorkers } from '../hosted-workers.js';
import { type FromWorker, fromWorkerSchema, type WorkerData } from './messages.js';
import { type ReadyThread, superviseThread } from './thread-supervisor.js';

export interface WorkerThreadOptions {
  config: EngineConfig;
  dataDir: string;
  /** Where the ledger's notices land on the relay's thread: the hold store and the live console follow it. */
  notifier: BalancePublisher;
  /** The relay's log's append counter: the relay's appends wake the thread's ledger at once. */
  wakeups: SharedArrayBuffer;
  log: Logger;
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
function receive(message: FromWorker, { notifier, log }: WorkerThreadOptions): 'ready' | 'other' {
  if (message.kind === 'ready') return 'ready';
  if (message.kind === 'balances') {
    notifier.publish(message.changes).catch((error: unknown) => log.error({ err: error }, 'a balances listener failed'));
  } else {
    log.error({ err: Object.assign(new Error(message.message), { stack: message.stack }), worker: message.worker }, 'background work failed; it is retried');
  }
  return 'other';
}

/** Starts the thread; resolves once its workers run, rejects if it fails or ends before. */
export function spawnWorkerThread(options: WorkerThreadOptions): Promise<ReadyThread> {
  const { log } = options;
  const workerData: WorkerData = { env: settingsText(options.config), dataDir: options.dataDir, wakeups: options.wakeups };
  const worker = new Worker(BOOT, { workerData });
  const exited = new Promise<number>((done) => worker.once('exit', done));
  return new Promise((resolve, reject) => {
    let ready = false;
    worker.on('message', (raw: unknown) => {
      const parsed = fromWorkerSchema.safeParse(raw);
      if (!parsed.success) return log.error({ issues: parsed.error.issues }, 'ledger thread: a message was refused');
      if (receive(parsed.data, options) === 'ready' && !ready) {
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
 * The ledger worker on a thread of its own, so its SQLite transactions and read-back leave the
 * relay's event loop (docs/benchmarks.md, "Embedded workers off the relay's loop"). The ledger's
 * notices come back as messages, validated here, and are published on `notifier` as the
 * in-process worker's were.
 */
export function startWorkerThread(options: WorkerThreadOptions): Promise<HostedWorkers> {
  return superviseThread(() => spawnWorkerThread(options), options.log);
}
