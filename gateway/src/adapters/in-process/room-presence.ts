import type { LocalRooms, RoomPresence } from '../../ports/hot-state/room-presence.js';

/** Every gateway is in this process: a room is heard while one of the watched adapters has a socket in it. */
export class InProcessRoomPresence implements RoomPresence {
  private readonly watched = new Set<LocalRooms>();

  watch(local: LocalRooms): () => void {
    this.watched.add(local);
    return () => this.watched.delete(local);
  }

  heard(room: string): boolean {
    for (const local of this.watched) if ((local.rooms.get(room)?.size ?? 0) > 0 && !local.sids.has(room)) return true;
    return false;
  }
}
