import { describe, expect, it } from 'vitest';
import { BatchQueue } from './batch-queue.js';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true), () => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

describe('BatchQueue', () => {
  it('holds a writer while the queue is at its limit, and lets it go once the reader took a batch', async () => {
    const queue = new BatchQueue<number>(3);
    await queue.put([1, 2], async () => {}, 1_000);
    const blocked = queue.put([3, 4], async () => {}, 1_000);
    expect(await settled(blocked)).toBe(false);
    expect(await queue.take()).toEqual([1, 2]);
    expect(await settled(blocked)).toBe(true);
    expect(await queue.take()).toEqual([3, 4]);
  });

  it('keeps a waiting writer alive, hands the reader what was queued before the end, then null', async () => {
    const queue = new BatchQueue<string>(1);
    let beats = 0;
    const waiting = queue.put(['a'], async () => void (beats += 1), 10);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(beats).toBeGreaterThanOrEqual(2);
    queue.end();
    await waiting;
    expect(await queue.take()).toEqual(['a']);
    expect(await queue.take()).toBeNull();
    await queue.put(['late'], async () => {}, 10); // after the end: dropped, not waiting
    expect(await queue.take()).toBeNull();
  });

  it('wakes a waiting reader, and gives it a failure after the batches queued before it', async () => {
    const queue = new BatchQueue<number>(10);
    const next = queue.take();
    await queue.put([7], async () => {}, 1_000);
    expect(await next).toEqual([7]);
    await queue.put([8], async () => {}, 1_000);
    queue.fail(new Error('bad event'));
    expect(await queue.take()).toEqual([8]);
    await expect(queue.take()).rejects.toThrow('bad event');
  });
});
