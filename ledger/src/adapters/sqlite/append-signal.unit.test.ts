import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { AppendSignal, newAppendCounter, pause } from './append-signal.js';

/** Another thread appending as SqliteEventLog.append signals it: the shared counter, then a notify. */
function appendOnAnotherThread(counter: SharedArrayBuffer): Promise<number> {
  const worker = new Worker('const c = new Int32Array(require("node:worker_threads").workerData); Atomics.add(c, 0, 1); Atomics.notify(c, 0);', { eval: true, workerData: counter });
  return new Promise((resolve) => worker.once('exit', resolve));
}

describe('the append signal', () => {
  it("wakes a pause on another thread's append to the shared counter, long before its poll", async () => {
    const counter = newAppendCounter();
    const signal = AppendSignal.forPath('/tmp/append-signal-shared.db', counter);
    const started = performance.now();
    const woken = pause(60_000, new AbortController().signal, { signal, seenVersion: signal.version });
    await appendOnAnotherThread(counter);
    await woken;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(signal.version).toBe(1);
  });

  it('does not wait when an append came after the version was read', async () => {
    const signal = AppendSignal.forPath('/tmp/append-signal-raced.db', newAppendCounter());
    const seenVersion = signal.version;
    signal.notify();
    const started = performance.now();
    await pause(60_000, new AbortController().signal, { signal, seenVersion });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("shares one counter among this thread's logs on the same file", () => {
    const first = AppendSignal.forPath('/tmp/append-signal-same.db');
    const second = AppendSignal.forPath('/tmp/append-signal-same.db');
    first.notify();
    expect(second.version).toBe(1);
  });
});
