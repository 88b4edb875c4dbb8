import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { LiveFanout } from '../ports/live-fanout.js';
import { SESSION_COOKIE } from '../auth/session.js';
import type { GatewayDeps } from '../deps.js';
import { Role } from '../ports/user-store.js';
import { pushChannelChanges } from './channel-pusher.js';
import { followLedger } from './ledger-follower.js';
import { SocketFanout, adminRoom, userRoom } from './socket-fanout.js';
import { pushThroughputEverySecond } from './throughput-pusher.js';

/** The user id of the handshake's signed session cookie, or null. */
function handshakeUserId(app: FastifyInstance, socket: Socket): number | null {
  const header = socket.handshake.headers.cookie;
  if (!header) return null;
  const raw = app.parseCookie(header)[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = app.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  try {
    const payload = JSON.parse(unsigned.value) as { uid?: unknown; exp?: unknown };
    const live = typeof payload.exp === 'number' && payload.exp * 1000 > Date.now();
    return live && typeof payload.uid === 'number' ? payload.uid : null;
  } catch {
    return null;
  }
}

/**
 * Socket.IO on the same port as the API. A console joins its user's room (and the admins'
 * room when it may). Returns the fan-out that reaches those rooms on every gateway (through
 * `deps.liveAdapter` when there are several). Ledger notices reach every gateway by themselves,
 * and so do change notices (channels): each gateway pushes them to its own sockets only.
 */
export function registerLive(app: FastifyInstance, deps: GatewayDeps): LiveFanout {
  const io = new Server(app.server, { path: '/socket.io', serveClient: false, adapter: deps.liveAdapter });
  io.use((socket, next) => {
    const userId = handshakeUserId(app, socket);
    if (userId === null) return next(new Error('unauthorized'));
    socket.data.userId = userId;
    return next();
  });
  io.on('connection', async (socket) => {
    const userId = socket.data.userId as number;
    await socket.join(userRoom(userId));
    const user = await deps.users.byId(userId);
    if (user && user.role >= Role.Admin) await socket.join(adminRoom);
  });
  const localRooms = io.of('/').adapter.rooms;
  const local = new SocketFanout(io.local, (room) => (localRooms.get(room)?.size ?? 0) > 0);
  const stopFollowing = followLedger(deps, local);
  const stopChannels = pushChannelChanges(deps.notices, local);
  const stopThroughput = pushThroughputEverySecond(io, deps.meter, (error) => app.log.warn({ err: error }, 'usage meter unavailable'));
  const stopPresence = deps.roomPresence.watch(io.of('/').adapter);
  app.addHook('onClose', async () => {
    stopPresence();
    stopFollowing();
    stopChannels();
    stopThroughput();
    await io.close();
  });
  return new SocketFanout(io, (room) => deps.roomPresence.heard(room));
}
