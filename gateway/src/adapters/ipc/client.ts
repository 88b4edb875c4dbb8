import { type IpcLink, ipcMessageSchema } from './messages.js';

/** A call that was out when the link closed (shutdown, or the owner died): its answer will never come. */
export class OwnerGoneError extends Error {
  constructor() {
    super('the stores owner process is gone');
    this.name = 'OwnerGoneError';
  }
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type PushListener = (payload: unknown) => void;

/**
 * A relay worker's side: calls a port's method in the owner process and waits for its result;
 * hears the owner's pushes by topic. Calls are answered in the order the owner finishes them.
 */
export class IpcClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly pushListeners = new Map<string, Set<PushListener>>();
  private readonly stopListening: () => void;

  constructor(private readonly link: IpcLink, private readonly onDropped: (message: unknown) => void = () => {}) {
    this.stopListening = link.onMessage((message) => this.receive(message));
  }

  call<T>(port: string, method: string, args: unknown[]): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.link.send({ t: 'tg-call', id, port, method, args });
    });
  }

  /** Hears the owner's pushes on `topic` until the returned function is called. */
  onPush(topic: string, listener: PushListener): () => void {
    const listeners = this.pushListeners.get(topic) ?? new Set<PushListener>();
    this.pushListeners.set(topic, listeners);
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** Every call still waiting fails: the owner is gone. */
  close(): void {
    this.stopListening();
    for (const { reject } of this.pending.values()) reject(new OwnerGoneError());
    this.pending.clear();
  }

  private receive(raw: unknown): void {
    const parsed = ipcMessageSchema.safeParse(raw);
    if (!parsed.success) return this.onDropped(raw);
    const message = parsed.data;
    if (message.t === 'tg-push') {
      for (const listener of this.pushListeners.get(message.topic) ?? []) listener(message.payload);
    } else if (message.t === 'tg-result') {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.ok) pending?.resolve(message.value);
      else pending?.reject(new Error(message.error ?? 'the owner refused the call'));
    }
  }
}
