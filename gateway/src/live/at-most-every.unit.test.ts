import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { atMostEvery } from './at-most-every.js';

describe('atMostEvery', () => {
  it('runs the first request at once, then a burst once per gap, and a forced run resets the gap', () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    let runs = 0;
    const job = atMostEvery(100, () => (runs += 1));
    job.request();
    job.request();
    vi.advanceTimersByTime(0);
    expect(runs, 'at once, both requests of the same turn in one run').toBe(1);
    job.request();
    job.request();
    vi.advanceTimersByTime(99);
    expect(runs, 'not before the gap').toBe(1);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(2);
    job.request();
    job.runNow();
    vi.advanceTimersByTime(100);
    expect(runs, 'the forced run served the waiting request').toBe(3);
    job.request();
    job.stop();
    vi.advanceTimersByTime(200);
    expect(runs, 'stopped: the waiting request is dropped').toBe(3);
  });
});
