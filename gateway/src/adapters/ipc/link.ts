import type { IpcLink, IpcMessage } from './messages.js';

/** What a cluster worker (`process`) and the primary's handle on it (`cluster.Worker`) both have. */
export interface MessagePort {
  send?(message: unknown): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** Node's IPC channel as a link (JSON on the wire, so every value is plain data). */
export function processLink(port: MessagePort): IpcLink {
  return {
    send: (message) => {
      port.send?.(message);
    },
    onMessage: (listener) => {
      port.on('message', listener);
      return () => port.off('message', listener);
    },
  };
}

/**
 * Two links joined in this process, each message JSON-encoded and delivered on a later turn of the
 * loop as Node's IPC would: the contract suites run the IPC adapters over this.
 */
export function loopbackLinks(): [IpcLink, IpcLink] {
  type Listeners = Set<(m: unknown) => void>;
  const end = (mine: Listeners, theirs: Listeners): IpcLink => ({
    send: (message: IpcMessage) => {
      const text = JSON.stringify(message);
      setImmediate(() => {
        for (const listener of theirs) listener(JSON.parse(text));
      });
    },
    onMessage: (listener) => {
      mine.add(listener);
      return () => mine.delete(listener);
    },
  });
  const [a, b]: [Listeners, Listeners] = [new Set(), new Set()];
  return [end(a, b), end(b, a)];
}
