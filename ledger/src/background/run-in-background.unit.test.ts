import { describe, expect, it, vi } from 'vitest';
import { runInBackground } from './run-in-background.js';

/** A logger that records what it was told, as pino would be called. */
function recordingLog() {
  const entries: { err: unknown; task: string; message: string }[] = [];
  return { entries, error: (details: { err: unknown; task: string }, message: string) => entries.push({ ...details, message }) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('runInBackground', () => {
  it('logs a rejection with the error itself (its stack) and the task name, and no rejection escapes', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const log = recordingLog();
    const failure = new Error('ECONNREFUSED 127.0.0.1:6379');
    runInBackground('router reload', () => Promise.reject(failure), log);
    await tick();
    await tick();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(log.entries).toEqual([{ err: failure, task: 'router reload', message: 'background task "router reload" failed' }]);
    expect((log.entries[0]!.err as Error).stack).toContain('run-in-background.unit.test.ts');
  });

  it('owns a task that throws before returning its promise', async () => {
    const log = recordingLog();
    runInBackground('admit socket', () => {
      throw new Error('sync failure');
    }, log);
    await tick();
    expect(log.entries.map((e) => (e.err as Error).message)).toEqual(['sync failure']);
  });

  it('says nothing when the task succeeds', async () => {
    const log = recordingLog();
    runInBackground('fine', async () => 42, log);
    await tick();
    expect(log.entries).toEqual([]);
  });

  it('accepts a plain callback, and a logger that throws does not turn into an unhandled rejection', async () => {
    const seen: unknown[] = [];
    runInBackground('a', () => Promise.reject(new Error('one')), (error) => seen.push(error));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    runInBackground('b', () => Promise.reject(new Error('two')), () => {
      throw new Error('the logger is broken');
    });
    await tick();
    await tick();
    process.off('unhandledRejection', unhandled);
    expect(seen.map((e) => (e as Error).message)).toEqual(['one']);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
