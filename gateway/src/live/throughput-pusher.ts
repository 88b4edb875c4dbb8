import type { LivePushes } from '@tollgate/wire';
import type { Server } from 'socket.io';
import type { UsageMeter } from '../ports/hot-state/usage-meter.js';
import { adminRoom, userOfRoom, userRoom } from './socket-fanout.js';

const PUSH_EVERY_MS = 1_000;

/** The users with a console open on this gateway (rooms are per gateway even with the Redis adapter). */
function localUsers(io: Server): number[] {
  const ids: number[] = [];
  for (const room of io.of('/').adapter.rooms.keys()) {
    const userId = userOfRoom(room);
    if (userId !== null) ids.push(userId);
  }
  return ids;
}

/**
 * Every second, pushes the last minute's RPM and TPM to this gateway's consoles: `throughput`
 * with a user's own, `throughput_all` with everyone's to admins. The meter is shared, so every
 * gateway pushes the same system-wide figures. Returns the stop function.
 */
export function pushThroughputEverySecond(io: Server, meter: UsageMeter, onError: (error: unknown) => void): () => void {
  const push = async () => {
    const users = localUsers(io);
    if (users.length === 0) return;
    const reading = await meter.lastMinute(users, Date.now());
    for (const [userId, throughput] of reading.users) io.local.to(userRoom(userId)).emit('throughput', throughput satisfies LivePushes['throughput']);
    io.local.to(adminRoom).emit('throughput_all', reading.all satisfies LivePushes['throughput_all']);
  };
  const timer = setInterval(() => void push().catch(onError), PUSH_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
