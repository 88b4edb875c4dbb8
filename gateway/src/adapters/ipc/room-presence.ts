import { z } from 'zod';
import type { LocalRooms, RoomPresence } from '../../ports/hot-state/room-presence.js';
import type { IpcClient } from './client.js';
import { handle, type IpcOwner, type PortHandlers } from './owner.js';

const roomsSchema = z.array(z.string().max(200)).max(100_000);
const TOPIC = 'rooms';

/** The rooms consoles joined: the adapter's, less each socket's own. */
const joinedRooms = (local: LocalRooms) => [...local.rooms.keys()].filter((room) => !local.sids.has(room));

/**
 * The owner's side: each worker says which rooms it has whenever that changes; every worker is
 * told the union. A worker that goes away takes its rooms with it.
 */
export function roomPresenceHandlers(owner: IpcOwner): PortHandlers {
  const byPeer = new Map<number, string[]>();
  const tellAll = () => owner.broadcast(TOPIC, [...new Set([...byPeer.values()].flat())]);
  owner.onPeerGone((peer) => {
    if (byPeer.delete(peer.id)) tellAll();
  });
  return {
    announce: handle(z.tuple([roomsSchema]), ([rooms], peer) => {
      byPeer.set(peer.id, rooms);
      tellAll();
    }),
    ask: handle(z.tuple([]), () => [...new Set([...byPeer.values()].flat())]),
  };
}

/**
 * A relay worker's presence: its own rooms it knows at once; the others' a message later (a push
 * another worker makes in that moment is missed, like one made before the console connected).
 */
export class IpcRoomPresence implements RoomPresence {
  private elsewhere = new Set<string>();
  private local: LocalRooms | undefined;
  private announcing = false;

  constructor(private readonly client: IpcClient, private readonly onError: (error: unknown) => void) {
    client.onPush(TOPIC, (payload) => {
      const rooms = roomsSchema.safeParse(payload);
      if (rooms.success) this.elsewhere = new Set(rooms.data);
      else onError(rooms.error);
    });
    client.call('rooms', 'ask', []).then((rooms) => {
      this.elsewhere = new Set(roomsSchema.parse(rooms));
    }, onError);
  }

  watch(local: LocalRooms): () => void {
    this.local = local;
    const changed = () => this.announceSoon();
    local.on('create-room', changed);
    local.on('delete-room', changed);
    return () => {
      local.off('create-room', changed);
      local.off('delete-room', changed);
      this.local = undefined;
      this.client.call('rooms', 'announce', [[]]).catch(this.onError);
    };
  }

  heard(room: string): boolean {
    if (this.elsewhere.has(room)) return true;
    return this.local !== undefined && (this.local.rooms.get(room)?.size ?? 0) > 0 && !this.local.sids.has(room);
  }

  /** A burst of joins (a console opening several views) is one announcement. */
  private announceSoon(): void {
    if (this.announcing) return;
    this.announcing = true;
    setImmediate(() => {
      this.announcing = false;
      this.client.call('rooms', 'announce', [this.local ? joinedRooms(this.local) : []]).catch(this.onError);
    });
  }
}
