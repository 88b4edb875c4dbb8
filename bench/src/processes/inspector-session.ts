import { WebSocket } from 'undici';

/** The V8 inspector flag that lets `connectInspector` reach a process on `port` (loopback only). */
export const inspectFlag = (port: number): string => `--inspect=127.0.0.1:${port}`;

interface InspectorReply {
  id?: number;
  result?: unknown;
  error?: { message: string };
}

export interface InspectorSession {
  /** Calls a method of the inspector protocol and resolves with its result. */
  call(method: string, params?: object): Promise<unknown>;
  close(): void;
}

/** A session on the first target of the inspector listening on `port`. */
export async function connectInspector(port: number): Promise<InspectorSession> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot reach the inspector at ${url}`)), { once: true });
  });
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (message) => {
    const reply = JSON.parse(String(message.data)) as InspectorReply;
    if (reply.id === undefined) return; // an event, not an answer
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (reply.error) waiter.reject(new Error(`inspector: ${reply.error.message}`));
    else waiter.resolve(reply.result);
  });
  let nextId = 0;
  return {
    call: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}
