import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import type { Logger } from 'pino';
import { processLink } from '../../adapters/ipc/link.js';
import type { IpcOwner } from '../../adapters/ipc/owner.js';

/** A worker that dies sooner than this after its start is started again only after this long, so a crash loop does not spin. */
const QUICK_DEATH_MS = 5_000;

/**
 * Forks `count` relay workers (cluster: they share the listening port, the primary hands out the
 * connections) and keeps that many: one that dies (a crash, a kill -9) is started again, its link
 * to the owner dropped with what it held there (rooms, a collector). Its holds stay until the
 * ledger settles them or they expire, as a gateway's that dies in a cluster.
 */
export function superviseWorkers(count: number, owner: IpcOwner, log: Logger): { stop(): Promise<void> } {
  let stopping = false;
  const running = new Set<Worker>();
  const start = (): Worker => {
    const worker = cluster.fork();
    const startedAt = Date.now();
    const peer = owner.attach(processLink(worker));
    running.add(worker);
    worker.on('exit', (code, signal) => {
      running.delete(worker);
      owner.detach(peer);
      if (stopping) return;
      log.error({ pid: worker.process.pid, code, signal }, 'a relay worker died; starting another');
      setTimeout(start, Date.now() - startedAt < QUICK_DEATH_MS ? QUICK_DEATH_MS : 0);
    });
    return worker;
  };
  for (let i = 0; i < count; i++) start();
  return {
    stop: async () => {
      stopping = true;
      await Promise.all([...running].map(async (worker) => {
        const exited = once(worker, 'exit');
        worker.process.kill('SIGTERM');
        await exited;
      }));
    },
  };
}
