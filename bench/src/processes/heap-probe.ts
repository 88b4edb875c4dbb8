import { connectInspector } from './inspector-session.js';

export { inspectFlag } from './inspector-session.js';

export interface HeapProbe {
  /** Runs a full garbage collection in the process, then returns its heap in use, in MB. */
  usedAfterFullGcMb(): Promise<number>;
  close(): void;
}

/**
 * A leak is memory the heap keeps after a full collection. RSS alone cannot tell it from the
 * garbage-collection sawtooth: V8 lets the old generation grow for minutes before a major GC, so a
 * 10 minute soak's RSS slope follows where the saw happened to be. The inspector protocol's
 * `HeapProfiler.collectGarbage` and `Runtime.getHeapUsage` give the floor itself.
 */
export async function connectHeapProbe(port: number): Promise<HeapProbe> {
  const session = await connectInspector(port);
  return {
    usedAfterFullGcMb: async () => {
      await session.call('HeapProfiler.collectGarbage');
      const usage = (await session.call('Runtime.getHeapUsage')) as { usedSize?: unknown } | undefined;
      if (typeof usage?.usedSize !== 'number') throw new Error('inspector: Runtime.getHeapUsage gave no usedSize');
      return usage.usedSize / 1024 / 1024;
    },
    close: () => session.close(),
  };
}
