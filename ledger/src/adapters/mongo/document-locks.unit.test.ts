import { describe, expect, it } from 'vitest';
import { DocumentLocks } from './document-locks.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('DocumentLocks', () => {
  it('runs holders of the same key one after another, in the order they asked', async () => {
    const locks = new DocumentLocks();
    const trace: string[] = [];
    const holder = (name: string, keys: string[]) =>
      locks.hold(keys, async () => {
        trace.push(`${name} in`);
        await tick();
        trace.push(`${name} out`);
      });
    await Promise.all([holder('a', ['user:1', 'channel:100']), holder('b', ['user:2', 'channel:100']), holder('c', ['user:1'])]);
    expect(trace).toEqual(['a in', 'a out', 'b in', 'c in', 'b out', 'c out']);
    expect(locks.size).toBe(0);
  });

  it('runs holders of disjoint keys at once', async () => {
    const locks = new DocumentLocks();
    let inside = 0;
    let most = 0;
    const holder = (key: string) =>
      locks.hold([key], async () => {
        most = Math.max(most, ++inside);
        await tick();
        inside--;
      });
    await Promise.all([holder('user:1'), holder('user:2'), holder('user:3')]);
    expect(most).toBe(3);
  });

  it('lets the next holder in when one fails', async () => {
    const locks = new DocumentLocks();
    const failed = locks.hold(['user:1'], async () => {
      throw new Error('refused');
    });
    const next = locks.hold(['user:1'], async () => 'written');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('written');
    expect(locks.size).toBe(0);
  });
});
