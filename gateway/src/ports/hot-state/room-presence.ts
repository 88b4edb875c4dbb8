import type { EventEmitter } from 'node:events';

/** One gateway's live rooms as Socket.IO's adapter keeps them; it emits `create-room` and `delete-room`. */
export interface LocalRooms extends Pick<EventEmitter, 'on' | 'off'> {
  /** Room name to the ids of this gateway's sockets in it. */
  rooms: Map<string, Set<string>>;
  /** Socket id to its rooms: each socket also sits in a room named by its id, which nobody pushes to. */
  sids: Map<string, Set<string>>;
}

/**
 * Which live rooms have a console in them on any gateway, so a push nobody would hear is skipped
 * before its payload is built, encoded and (with the Redis adapter) published to every gateway.
 */
export interface RoomPresence {
  /** Follows this gateway's rooms; the returned function stops and tells the others. */
  watch(local: LocalRooms): () => void;
  heard(room: string): boolean;
}
