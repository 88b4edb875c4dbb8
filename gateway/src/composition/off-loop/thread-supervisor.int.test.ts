import { Worker } from 'node:worker_threads';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { type ReadyThread, superviseThread } from './thread-supervisor.js';

/** A real thread: it closes on {kind: 'stop'} unless told to ignore it, and ends with code 3 after `crashAfterMs` (-1: never). */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
setInterval(() => {}, 1000);
parentPort.on('message', (message) => { if (message.kind === 'stop' && !workerData.ignoreStop) process.exit(0); });
if (workerData.crashAfterMs >= 0) setTimeout(() => process.exit(3), workerData.crashAfterMs);
`;

function startThread(crashAfterMs: number, ignoreStop = false): Promise<ReadyThread> {
  const worker = new Worker(SOURCE, { eval: true, workerData: { crashAfterMs, ignoreStop } });
  const exited = new Promise<number>((done) => worker.once('exit', done));
  return new Promise((resolve) => worker.once('online', () => resolve({ worker, exited })));
}

function memoryLog() {
  const lines: Array<{ msg: string; code?: number }> = [];
  return { lines, log: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { msg: string }) }) };
}

const timing = { restartFirstMs: 20, restartMaxMs: 200, stableAfterMs: 60_000, stopWithinMs: 2_000 };

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('superviseThread', () => {
  it('starts a thread that ended unasked again, logging its exit code; a stop closes the new one and starts no other', async () => {
    const { lines, log } = memoryLog();
    const threads: ReadyThread[] = [];
    const start = async () => {
      const thread = await startThread(threads.length === 0 ? 50 : -1);
      threads.push(thread);
      return thread;
    };
    const supervised = await superviseThread(start, log, timing);
    await until(() => threads.length === 2);
    expect(await threads[0]?.exited).toBe(3);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'ledger thread ended unexpectedly; starting it again', code: 3 }));
    await supervised.stop();
    expect(await threads[1]?.exited).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(threads).toHaveLength(2);
  });

  it('waits longer after each crash in a row', async () => {
    const { log } = memoryLog();
    const startedAt: number[] = [];
    const supervised = await superviseThread(
      async () => {
        startedAt.push(Date.now());
        return startThread(startedAt.length < 4 ? 0 : -1);
      },
      log,
      { ...timing, restartFirstMs: 40 },
    );
    await until(() => startedAt.length === 4);
    await supervised.stop();
    const gaps = startedAt.slice(1).map((at, i) => at - (startedAt[i] ?? at));
    // 40, 80 and 160 ms of backoff, plus each thread's own start and exit.
    expect(gaps[0]).toBeGreaterThanOrEqual(40);
    expect(gaps[1]).toBeGreaterThanOrEqual(80);
    expect(gaps[2]).toBeGreaterThanOrEqual(160);
  });

  it('ends a thread that does not close within the deadline, and says so', async () => {
    const { lines, log } = memoryLog();
    const thread = await startThread(-1, true);
    const supervised = await superviseThread(async () => thread, log, { ...timing, stopWithinMs: 100 });
    await supervised.stop();
    expect(await thread.exited).toBe(1);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'ledger thread did not close within 100 ms; ended' }));
  });

  it('throws the first start failure, so the gateway does not start without its workers', async () => {
    const { log } = memoryLog();
    await expect(superviseThread(() => Promise.reject(new Error('chdb refused the path')), log, timing)).rejects.toThrow('chdb refused the path');
  });
});
