import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';

/** One emitter for the thread: every log instance on the same file wakes the others' subscribers. */
const appends = new EventEmitter().setMaxListeners(0);
/** Each file's append counter, for this thread's instances; another thread's when handed to it. */
const counters = new Map<string, Int32Array>();
let memoryDatabases = 0;

type WaitAsync = (
  counter: Int32Array,
  index: number,
  value: number,
  timeoutMs: number,
) => { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<'ok' | 'timed-out'> };
/** Atomics.waitAsync (Node 16 on), typed here: the project's TypeScript lib (ES2023) predates it. */
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/** A counter another thread can be handed (worker data), so appends on either side wake the other's subscribers. */
export function newAppendCounter(): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
}

/**
 * Says "something was appended" to subscribers in this thread (an event, at once) and in the
 * threads that share its counter (Atomics.notify, which resolves their Atomics.waitAsync), so
 * they read at once instead of waiting for their next poll. Other processes are only seen by polling.
 */
export class AppendSignal {
  private constructor(
    private readonly key: string,
    private readonly counter: Int32Array,
  ) {}

  /**
   * Each ':memory:' database is its own, so it gets its own signal. `shared`: the counter of
   * another thread's log on the same file; this thread's later instances on the file use it too.
   */
  static forPath(path: string, shared?: SharedArrayBuffer): AppendSignal {
    const key = path === ':memory:' ? `:memory:${++memoryDatabases}` : resolve(path);
    const counter = shared ? new Int32Array(shared) : (counters.get(key) ?? new Int32Array(newAppendCounter()));
    counters.set(key, counter);
    return new AppendSignal(key, counter);
  }

  /** Grows on every append (wrapping); a reader compares it to notice an append it raced with. */
  get version(): number {
    return Atomics.load(this.counter, 0);
  }

  notify(): void {
    Atomics.add(this.counter, 0, 1);
    Atomics.notify(this.counter, 0);
    appends.emit(this.key);
  }

  /**
   * Calls `listener` on the next append, in this thread or one sharing the counter, or at once if
   * one came after `seenVersion`; gives up after `ms`. Returns a function that cancels it.
   */
  once(listener: () => void, seenVersion: number, ms: number): () => void {
    let cancelled = false;
    const wake = () => {
      if (!cancelled) listener();
    };
    appends.once(this.key, wake);
    // A waiter is V8's, not the event loop's: it keeps no process alive, and lapses after `ms`.
    const waiting = waitAsync(this.counter, 0, seenVersion, ms);
    if (!waiting.async) queueMicrotask(wake);
    else waiting.value.then((outcome) => outcome === 'ok' && wake(), () => undefined); // a waiter never rejects
    return () => {
      cancelled = true;
      appends.off(this.key, wake);
    };
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
    const cancelWake = wakeOn ? wakeOn.signal.once(finish, wakeOn.seenVersion, ms) : () => undefined;
  });
}
