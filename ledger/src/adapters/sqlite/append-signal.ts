import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';

/** One emitter for the process: every log instance on the same file wakes the others' subscribers. */
const appends = new EventEmitter().setMaxListeners(0);
const versions = new Map<string, number>();
let memoryDatabases = 0;

/**
 * Says "something was appended" to subscribers in this process, so they read at once instead of
 * waiting for the next poll. Other processes are only seen by polling.
 */
export class AppendSignal {
  private constructor(private readonly key: string) {}

  /** Each ':memory:' database is its own, so it gets its own signal. */
  static forPath(path: string): AppendSignal {
    return new AppendSignal(path === ':memory:' ? `:memory:${++memoryDatabases}` : resolve(path));
  }

  /** Grows on every append; a reader compares it to notice an append it raced with. */
  get version(): number {
    return versions.get(this.key) ?? 0;
  }

  notify(): void {
    versions.set(this.key, this.version + 1);
    appends.emit(this.key);
  }

  /** Calls `listener` on the next append; returns a function that cancels it. */
  once(listener: () => void): () => void {
    appends.once(this.key, listener);
    return () => appends.off(this.key, listener);
  }
}

/**
 * Resolves after `ms`, when `abort` fires, or (if `signal` is given) on the next append,
 * including one that came after `seenVersion` was read.
 */
export function pause(ms: number, abort: AbortSignal, wakeOn?: { signal: AppendSignal; seenVersion: number }): Promise<void> {
  return new Promise((done) => {
    if (abort.aborted || (wakeOn && wakeOn.signal.version !== wakeOn.seenVersion)) {
      done();
      return;
    }
    const finish = () => {
      clearTimeout(timer);
      abort.removeEventListener('abort', finish);
      cancelWake();
      done();
    };
    const timer = setTimeout(finish, ms);
    abort.addEventListener('abort', finish, { once: true });
    const cancelWake = wakeOn ? wakeOn.signal.once(finish) : () => undefined;
  });
}
