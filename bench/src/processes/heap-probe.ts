import { WebSocket } from 'undici';

/** The V8 inspector flag that lets `connectHeapProbe` reach a process on `port` (loopback only). */
export const inspectFlag = (port: number): string => `--inspect=127.0.0.1:${port}`;

export interface HeapProbe {
  /** Runs a full garbage collection in the process, then returns its heap in use, in MB. */
  usedAfterFullGcMb(): Promise<number>;
  close(): void;
}

interface InspectorReply {
  id?: number;
  result?: { usedSize?: number };
  error?: { message: string };
}

/**
 * A leak is memory the heap keeps after a full collection. RSS alone cannot tell it from the
 * garbage-collection sawtooth: V8 lets the old generation grow for minutes before a major GC, so a
 * 10 minute soak's RSS slope follows where the saw happened to be. The inspector protocol's
 * `HeapProfiler.collectGarbage` and `Runtime.getHeapUsage` give the floor itself.
 */
export async function connectHeapProbe(port: number): Promise<HeapProbe> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot reach the inspector at ${url}`)), { once: true });
  });
  const pending = new Map<number, { resolve: (reply: InspectorReply) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (message) => {
    const reply = JSON.parse(String(message.data)) as InspectorReply;
    if (reply.id === undefined) return; // an event, not an answer
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.error) waiter.reject(new Error(`inspector: ${reply.error.message}`));
    else waiter.resolve(reply);
  });
  let nextId = 0;
  const call = (method: string) =>
    new Promise<InspectorReply>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method }));
    });
  return {
    usedAfterFullGcMb: async () => {
      await call('HeapProfiler.collectGarbage');
      const { result } = await call('Runtime.getHeapUsage');
      if (typeof result?.usedSize !== 'number') throw new Error('inspector: Runtime.getHeapUsage gave no usedSize');
      return result.usedSize / 1024 / 1024;
    },
    close: () => socket.close(),
  };
}
