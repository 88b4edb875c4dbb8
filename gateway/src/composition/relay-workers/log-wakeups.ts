import { z } from 'zod';
import type { IpcClient } from '../../adapters/ipc/client.js';
import { handle, type PortHandlers } from '../../adapters/ipc/owner.js';

type WaitAsync = (counter: Int32Array, index: number, value: number, timeoutMs: number) => { async: false } | { async: true; value: Promise<'ok' | 'timed-out'> };
/** Atomics.waitAsync (Node 16 on), typed here: the project's TypeScript lib (ES2023) predates it. */
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/** How long one wait lasts before it is made again (a waiter keeps no process alive). */
const WAIT_MS = 10_000;

/**
 * The owner's side: a worker appended to the log (ledger.db, in another process), so the owner's
 * consumers (the ledger's thread, the ingestion) are woken as the relay's own appends wake them in
 * one process, not at their 100 ms poll of the file.
 */
export function logWakeupHandlers(wakeups: SharedArrayBuffer): PortHandlers {
  const counter = new Int32Array(wakeups);
  return {
    appended: handle(z.tuple([]), () => {
      Atomics.add(counter, 0, 1);
      Atomics.notify(counter, 0);
    }),
  };
}

/** A relay worker's side: each change of its log's append counter is told to the owner; a burst while one message is out is one more. */
export function forwardLogWakeups(wakeups: SharedArrayBuffer, client: IpcClient, onError: (error: unknown) => void): () => void {
  const counter = new Int32Array(wakeups);
  let stopped = false;
  const loop = async () => {
    let seen = Atomics.load(counter, 0);
    while (!stopped) {
      const waiting = waitAsync(counter, 0, seen, WAIT_MS);
      if (waiting.async) await waiting.value;
      const now = Atomics.load(counter, 0);
      if (now === seen) continue;
      seen = now;
      await client.call('log', 'appended', []).catch(onError);
    }
  };
  loop().catch(onError);
  return () => {
    stopped = true;
  };
}
