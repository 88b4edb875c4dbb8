import type { z } from 'zod';
import { type IpcCall, type IpcLink, ipcMessageSchema } from './messages.js';

/** One worker as the owner knows it: its link, and what it asked to hear. */
export interface Peer {
  readonly id: number;
  readonly link: IpcLink;
}

export interface Handler {
  args: z.ZodType<unknown[]>;
  run(args: never, peer: Peer): unknown;
}

/** A method served to workers: its arguments parsed by `args` before `run` sees them. */
export function handle<S extends z.ZodType<unknown[]>>(args: S, run: (args: z.infer<S>, peer: Peer) => unknown): Handler {
  return { args, run: run as Handler['run'] };
}

export type PortHandlers = Record<string, Handler>;

/** What happens on the owner's side when a worker goes away (its rooms emptied, its collector gone). */
export type PeerGone = (peer: Peer) => void;

/**
 * The owner process's side: serves each worker's calls on the stores it holds, and pushes to them.
 * A call naming an unknown port or method, or with arguments its schema refuses, fails with an error.
 */
export class IpcOwner {
  private nextPeerId = 1;
  private readonly peers = new Map<number, { peer: Peer; stop: () => void }>();
  private readonly goneListeners: PeerGone[] = [];

  constructor(private readonly ports: Record<string, PortHandlers>, private readonly onDropped: (message: unknown) => void = () => {}) {}

  attach(link: IpcLink): Peer {
    const peer = { id: this.nextPeerId++, link };
    const stop = link.onMessage((message) => this.receive(peer, message));
    this.peers.set(peer.id, { peer, stop });
    return peer;
  }

  detach(peer: Peer): void {
    this.peers.get(peer.id)?.stop();
    this.peers.delete(peer.id);
    for (const gone of this.goneListeners) gone(peer);
  }

  onPeerGone(listener: PeerGone): void {
    this.goneListeners.push(listener);
  }

  push(peer: Peer, topic: string, payload: unknown): void {
    peer.link.send({ t: 'tg-push', topic, payload });
  }

  pushTo(peerId: number, topic: string, payload: unknown): void {
    const entry = this.peers.get(peerId);
    if (entry) this.push(entry.peer, topic, payload);
  }

  broadcast(topic: string, payload: unknown): void {
    for (const { peer } of this.peers.values()) this.push(peer, topic, payload);
  }

  broadcastExcept(sender: Peer, topic: string, payload: unknown): void {
    for (const { peer } of this.peers.values()) if (peer.id !== sender.id) this.push(peer, topic, payload);
  }

  private receive(peer: Peer, raw: unknown): void {
    const parsed = ipcMessageSchema.safeParse(raw);
    if (!parsed.success || parsed.data.t !== 'tg-call') return this.onDropped(raw);
    this.answer(peer, parsed.data).catch(this.onDropped); // answer catches its own failures; a send that throws is dropped
  }

  private async answer(peer: Peer, call: IpcCall): Promise<void> {
    try {
      const port = Object.hasOwn(this.ports, call.port) ? this.ports[call.port] : undefined;
      const handler = port && Object.hasOwn(port, call.method) ? port[call.method] : undefined;
      if (!handler) throw new Error(`no method ${call.port}.${call.method}`);
      const value = await handler.run(handler.args.parse(call.args) as never, peer);
      peer.link.send({ t: 'tg-result', id: call.id, ok: true, value: value ?? null });
    } catch (error) {
      peer.link.send({ t: 'tg-result', id: call.id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
