import { ClusterAdapterWithHeartbeat, type ClusterMessage, type ClusterResponse } from 'socket.io-adapter';
import type { Namespace, ServerOptions } from 'socket.io';
import { z } from 'zod';
import type { IpcClient } from './client.js';
import { handle, type IpcOwner, type PortHandlers } from './owner.js';

/** Socket.IO's cluster messages: checked for the fields the owner routes by; the adapter reads the rest. */
const clusterMessageSchema = z.looseObject({ uid: z.string().min(1).max(100), nsp: z.string().max(200), type: z.number().int() });
const MESSAGE = 'live-message';
const RESPONSE = 'live-response';

/**
 * The owner's side of Socket.IO's fan-out across relay workers: a worker's message goes to every
 * other worker; a response to the one worker whose adapter asked (known by the uid it sent from).
 */
export function liveFanoutHandlers(owner: IpcOwner): PortHandlers {
  const peerOfUid = new Map<string, number>();
  owner.onPeerGone((peer) => {
    for (const [uid, id] of peerOfUid) if (id === peer.id) peerOfUid.delete(uid);
  });
  return {
    publish: handle(z.tuple([clusterMessageSchema]), ([message], from) => {
      peerOfUid.set(message.uid, from.id);
      owner.broadcastExcept(from, MESSAGE, message);
    }),
    respond: handle(z.tuple([z.string().min(1).max(100), clusterMessageSchema]), ([requesterUid, response]) => {
      const to = peerOfUid.get(requesterUid);
      if (to !== undefined) owner.pushTo(to, RESPONSE, response);
    }),
  };
}

/**
 * A relay worker's Socket.IO adapter: rooms span every worker of the machine, through the owner
 * process, as they span gateways through Redis in a cluster (socket.io-adapter's ClusterAdapter
 * does the protocol: broadcasts, room joins, fetchSockets, heartbeats).
 */
export function ipcLiveAdapter(client: IpcClient, onError: (error: unknown) => void): NonNullable<ServerOptions['adapter']> {
  const adapters = new Set<IpcAdapter>();
  client.onPush(MESSAGE, (payload) => {
    const parsed = clusterMessageSchema.safeParse(payload);
    if (!parsed.success) return onError(parsed.error);
    for (const adapter of adapters) if (adapter.nsp.name === parsed.data.nsp) adapter.hear(parsed.data as unknown as ClusterMessage);
  });
  client.onPush(RESPONSE, (payload) => {
    const parsed = clusterMessageSchema.safeParse(payload);
    if (!parsed.success) return onError(parsed.error);
    for (const adapter of adapters) if (adapter.nsp.name === parsed.data.nsp) adapter.answer(parsed.data as unknown as ClusterResponse);
  });

  class IpcAdapter extends ClusterAdapterWithHeartbeat {
    constructor(nsp: Namespace) {
      super(nsp, {});
      adapters.add(this);
    }

    hear(message: ClusterMessage): void {
      this.onMessage(message);
    }

    answer(response: ClusterResponse): void {
      this.onResponse(response);
    }

    override close(): void {
      super.close();
      adapters.delete(this);
    }

    protected async doPublish(message: ClusterMessage): Promise<string> {
      await client.call('live', 'publish', [message]).catch(onError);
      return '';
    }

    protected async doPublishResponse(requesterUid: string, response: ClusterResponse): Promise<void> {
      await client.call('live', 'respond', [requesterUid, response]).catch(onError);
    }
  }
  return IpcAdapter as unknown as NonNullable<ServerOptions['adapter']>;
}
