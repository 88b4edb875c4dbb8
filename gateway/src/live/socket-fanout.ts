import type { BroadcastOperator, Server } from 'socket.io';
import type { LivePushes } from '@tollgate/wire';
import type { LiveFanout } from '../ports/live-fanout.js';

export const userRoom = (userId: number): string => `user:${userId}`;

/** The user whose room this is, or null for any other room. */
export function userOfRoom(room: string): number | null {
  const match = /^user:(\d+)$/.exec(room);
  return match ? Number(match[1]) : null;
}

export const adminRoom = 'admins';
/** The admins' consoles that asked for every log row (the handshake's `tail=1`): a subset of adminRoom. */
export const adminTailRoom = 'admins:tail';

/** What rooms are reached through: the server (every gateway's, with the Redis adapter) or `server.local`. */
type Rooms = Pick<Server | BroadcastOperator<never, unknown>, 'to'>;

/**
 * Whether a room has anyone to hear it, on the gateways the pushes reach. Socket.IO would otherwise
 * encode every push for an empty room (a log row per call: about 2% of the relay's time under load
 * with no console open) and, with the Redis adapter, publish it to every gateway (docs/benchmarks.md).
 */
export type HasListeners = (room: string) => boolean;

/** Fan-out through Socket.IO rooms; with the Redis adapter the same rooms span every gateway. */
export class SocketFanout implements LiveFanout {
  constructor(
    private readonly io: Rooms,
    private readonly hasListeners: HasListeners,
  ) {}

  toUser<Name extends keyof LivePushes>(userId: number, event: Name, payload: LivePushes[Name]): void {
    this.emit(userRoom(userId), event, payload);
  }

  toAdmins<Name extends keyof LivePushes>(event: Name, payload: LivePushes[Name]): void {
    this.emit(adminRoom, event, payload);
  }

  reachesUser(userId: number): boolean {
    return this.hasListeners(userRoom(userId));
  }

  reachesAdmins(): boolean {
    return this.hasListeners(adminRoom);
  }

  toAdminTail<Name extends keyof LivePushes>(event: Name, payload: LivePushes[Name]): void {
    this.emit(adminTailRoom, event, payload);
  }

  reachesAdminTail(): boolean {
    return this.hasListeners(adminTailRoom);
  }

  private emit(room: string, event: string, payload: unknown): void {
    if (this.hasListeners(room)) this.io.to(room).emit(event, payload);
  }
}
