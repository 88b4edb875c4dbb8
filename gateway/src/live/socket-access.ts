import { type BackgroundLog, runInBackground } from '@tollgate/ledger';
import type { Server, Socket } from 'socket.io';
import type { GuardDeps } from '../auth/require-user.js';
import { type User, Role, UserStatus } from '../ports/documents/user-store.js';
import { type AdminTwoFactorDeps, meetsAdminTwoFactor } from '../two-factor/admin-requirement.js';
import { adminRoom, adminTailRoom, userRoom } from './socket-fanout.js';

/** What admitting a socket reads: sessions, users, and the administrators' two-factor requirement. */
type AccessDeps = GuardDeps & AdminTwoFactorDeps;

/** What a console's socket carries from its handshake. */
export interface SocketAccess {
  userId: number;
  /** The store's key of the session it opened with: ending that session closes the socket. */
  sessionKey: string;
  /** It asked for every log row (the handshake's `tail=1`); an admin's socket then also joins adminTailRoom. */
  tail: boolean;
}

/** The user a session lets a socket act for now: the session live, the user enabled and not deleted. */
export async function currentSocketUser(deps: GuardDeps, sessionKey: string): Promise<User | null> {
  const session = await deps.sessions.find(sessionKey);
  const user = session ? await deps.users.byId(session.userId) : null;
  return user && user.status === UserStatus.Enabled && user.deletedAt === null ? user : null;
}

/**
 * Admits the socket in the background (on connection, after a change notice). A failure the stores
 * cause (Redis or MongoDB away mid-way) is logged and the socket disconnected: the console
 * reconnects and is checked afresh, rather than keeping rooms nobody could vouch for.
 */
export function admitSocketInBackground(deps: AccessDeps, socket: Socket, log: BackgroundLog): void {
  runInBackground('admit a console socket', async () => {
    try {
      await admitSocket(deps, socket);
    } catch (error) {
      socket.disconnect(true);
      throw error;
    }
  }, log);
}

/**
 * Puts the socket in the rooms its user's role (and, when required, two-factor) allows now, or disconnects it when it may no longer
 * stay (also when the stores cannot say: the console reconnects and is checked afresh). The user's
 * room is joined before the look-up, so a change made meanwhile finds the socket and admits it again.
 */
export async function admitSocket(deps: AccessDeps, socket: Socket): Promise<void> {
  const { userId, sessionKey, tail } = socket.data as SocketAccess;
  await socket.join(userRoom(userId));
  const user = await currentSocketUser(deps, sessionKey).catch(() => null);
  if (!user || user.id !== userId) {
    socket.disconnect(true);
    return;
  }
  if (user.role >= Role.Admin && (await meetsAdminTwoFactor(deps.options, deps.twoFactor, user))) {
    await socket.join(tail ? [adminRoom, adminTailRoom] : adminRoom);
    return;
  }
  await socket.leave(adminRoom);
  await socket.leave(adminTailRoom);
}

/** This gateway's sockets of one user, or all of them when the notice names nobody. */
function localSockets(io: Server, userId: number | undefined): Socket[] {
  const namespace = io.of('/');
  if (userId === undefined) return [...namespace.sockets.values()];
  const ids = namespace.adapter.rooms.get(userRoom(userId)) ?? new Set<string>();
  return [...ids].flatMap((id) => namespace.sockets.get(id) ?? []);
}

/**
 * Re-admits a user's open sockets whenever the user or their sessions change, on whichever gateway
 * made the change (change notices reach every gateway): a demoted admin leaves the admins' room,
 * a disabled or deleted user's sockets close, and so does a socket whose session ended.
 */
export function followAccessChanges(io: Server, deps: AccessDeps, log: BackgroundLog): () => void {
  return deps.notices.subscribe((kind, id) => {
    if (kind !== 'users' && kind !== 'sessions') return;
    for (const socket of localSockets(io, id)) admitSocketInBackground(deps, socket, log);
  });
}
