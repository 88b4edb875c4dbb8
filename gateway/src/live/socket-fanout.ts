import type { BroadcastOperator, Server } from 'socket.io';
import type { LiveFanout } from '../ports/live-fanout.js';

export const userRoom = (userId: number): string => `user:${userId}`;
export const adminRoom = 'admins';

/** What rooms are reached through: the server (every gateway's, with the Redis adapter) or `server.local`. */
type Rooms = Pick<Server | BroadcastOperator<never, unknown>, 'to'>;

/** Fan-out through Socket.IO rooms; with the Redis adapter the same rooms span every gateway. */
export class SocketFanout implements LiveFanout {
  constructor(private readonly io: Rooms) {}

  toUser(userId: number, event: string, payload: unknown): void {
    this.io.to(userRoom(userId)).emit(event, payload);
  }

  toAdmins(event: string, payload: unknown): void {
    this.io.to(adminRoom).emit(event, payload);
  }
}
