import { describe, expect, it } from 'vitest';
import { type SyncableFile, WalSync } from './wal-sync.js';

/** A file whose fsyncs finish only when the test says so. */
class HeldFile implements SyncableFile {
  readonly pending: (() => void)[] = [];
  syncs = 0;
  closed = false;

  sync(): Promise<void> {
    this.syncs += 1;
    return new Promise((resolve) => this.pending.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  /** Lets the oldest fsync finish, then lets the sync loop take its next step. */
  async finishOne(): Promise<void> {
    this.pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function tracked(promise: Promise<void>): { done: boolean } {
  const state = { done: false };
  promise.then(() => (state.done = true), () => undefined);
  return state;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A WalSync over a held file, with one write's fsync already in flight. */
async function withSyncInFlight() {
  const file = new HeldFile();
  const sync = new WalSync('log.db-wal', () => undefined, async () => file);
  const first = tracked(sync.afterWrite());
  await settle();
  return { file, sync, first };
}

describe('WalSync', () => {
  it('given an fsync in flight, when ten writes come, then they share one more fsync', async () => {
    const { file, sync, first } = await withSyncInFlight();
    const later = Array.from({ length: 10 }, () => tracked(sync.afterWrite()));
    await file.finishOne();
    expect({ first: first.done, later: later.some((w) => w.done), syncs: file.syncs }).toEqual({ first: true, later: false, syncs: 2 });
    await file.finishOne();
    expect({ later: later.every((w) => w.done), syncs: file.syncs }).toEqual({ later: true, syncs: 2 });
  });

  it('given a write during an fsync, when that fsync ends, then the write still waits for one that began after it', async () => {
    const { file, sync } = await withSyncInFlight();
    const during = tracked(sync.afterWrite());
    await file.finishOne();
    expect(during.done).toBe(false);
    await file.finishOne();
    expect(during.done).toBe(true);
  });

  it('given a failing fsync, when a write waits on it, then the failure is reported, the write goes on, and the next write opens the file again', async () => {
    const reported: unknown[] = [];
    let opens = 0;
    const file = new HeldFile();
    const failing: SyncableFile = { sync: async () => Promise.reject(new Error('EIO')), close: async () => undefined };
    const sync = new WalSync('log.db-wal', (error) => reported.push(error), async () => (++opens === 1 ? failing : file));
    await sync.afterWrite();
    const next = tracked(sync.afterWrite());
    await settle();
    await file.finishOne();
    expect({ reported: reported.map(String), opens, next: next.done }).toEqual({ reported: ['Error: EIO'], opens: 2, next: true });
  });

  it('closes the file once the fsync in flight has finished', async () => {
    const { file, sync } = await withSyncInFlight();
    const closing = tracked(sync.close());
    await settle();
    expect(file.closed).toBe(false);
    await file.finishOne();
    await settle();
    expect({ closed: file.closed, done: closing.done }).toEqual({ closed: true, done: true });
  });
});
