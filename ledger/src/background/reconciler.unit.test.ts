import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Reconciler } from './reconciler.js';

const timing = { firstRetryMs: 100, maxRetryMs: 400 };

/** Work whose every run waits until the test settles it, so runs can overlap requests. */
function controlledWork() {
  const runs: { resolve(): void; reject(error: Error): void }[] = [];
  const work = () => new Promise<void>((resolve, reject) => runs.push({ resolve, reject }));
  return { runs, work };
}

describe('Reconciler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('coalesces the requests made during a run into one more run', async () => {
    const { runs, work } = controlledWork();
    const reconciler = new Reconciler('reload', work, vi.fn<(error: unknown) => void>(), timing);
    reconciler.request();
    for (let i = 0; i < 50; i++) reconciler.request();
    expect(runs).toHaveLength(1);
    runs[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(2);
    runs[1]!.resolve();
    await reconciler.settled();
    expect(runs).toHaveLength(2);
  });

  it('retries a failed run with a doubling backoff, capped, until one succeeds, logging each failure', async () => {
    const { runs, work } = controlledWork();
    const log = { error: vi.fn() };
    const reconciler = new Reconciler('router reload', work, log, timing);
    reconciler.request();
    const waits: number[] = [];
    for (let failure = 0; failure < 4; failure++) {
      runs[failure]!.reject(new Error(`MaxRetriesPerRequestError ${failure}`));
      const startedAt = Date.now();
      while (runs.length === failure + 1) await vi.advanceTimersByTimeAsync(10);
      waits.push(Date.now() - startedAt);
    }
    expect(waits).toEqual([100, 200, 400, 400]);
    expect(log.error).toHaveBeenCalledTimes(4);
    expect(log.error.mock.calls[0]![0]).toEqual({ err: expect.any(Error), task: 'router reload' });
    expect(log.error.mock.calls[3]![1]).toBe('background task "router reload" failed (4 in a row); retrying in 400 ms');
    runs[4]!.resolve();
    await reconciler.settled();
    // A success resets the backoff.
    reconciler.request();
    runs[5]!.reject(new Error('again'));
    const startedAt = Date.now();
    while (runs.length === 6) await vi.advanceTimersByTimeAsync(10);
    expect(Date.now() - startedAt).toBe(100);
  });

  it('runs the work again after a failure even when nothing asks again (the work is still owed)', async () => {
    let calls = 0;
    const reconciler = new Reconciler('apply', async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
    }, vi.fn<(error: unknown) => void>(), timing);
    reconciler.request();
    await vi.advanceTimersByTimeAsync(100);
    await reconciler.settled();
    expect(calls).toBe(2);
  });

  it('stops retrying once stopped, and a request after stop does nothing', async () => {
    let calls = 0;
    const reconciler = new Reconciler('apply', async () => {
      calls += 1;
      throw new Error('down');
    }, vi.fn<(error: unknown) => void>(), timing);
    reconciler.request();
    await vi.advanceTimersByTimeAsync(0);
    reconciler.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    reconciler.request();
    await reconciler.settled();
    expect(calls).toBe(1);
  });

  it('owns work that throws before returning its promise', async () => {
    const log = vi.fn<(error: unknown) => void>();
    let calls = 0;
    const reconciler = new Reconciler('sync', () => {
      calls += 1;
      if (calls === 1) throw new Error('sync');
      return Promise.resolve();
    }, log, timing);
    reconciler.request();
    await vi.advanceTimersByTimeAsync(100);
    await reconciler.settled();
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ message: 'sync' }));
    expect(calls).toBe(2);
  });
});
