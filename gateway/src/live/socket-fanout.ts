import type { Server } from 'socket.io';
import type { LiveFanout } from '../ports/live-fanout.js';

export const userRoom = (userId: number): string => `user:${userId}`;
export const adminRoom = 'admins';

/** Fan-out through Socket.IO rooms; with the Redis adapter the same rooms span every gateway. */
export class SocketFanout implements LiveFanout {
  constructor(private readonly io: Server) {}

  toUser(userId: number, event: string, payload: unknown): void {
    this.io.to(userRoom(userId)).emit(event, payload);
  }

  toAdmins(event: string, payload: unknown): void {
    this.io.to(adminRoom).emit(event, payload);
  }
}
