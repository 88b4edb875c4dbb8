import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionUserId, startSession } from '../../../auth/session.js';
import { type User, UserStatus, type UserStore } from '../../../ports/user-store.js';

/** Starts the session and answers what the console stores as `user` (new-api's setupLogin). */
export function signIn(reply: FastifyReply, user: User) {
  startSession(reply, user.id);
  return { id: user.id, username: user.username, display_name: user.displayName, role: user.role, status: user.status, group: user.group };
}

/** The enabled user of a valid session cookie, or null: an OAuth callback binds for them instead of signing in. */
export async function sessionAccount(request: FastifyRequest, users: UserStore): Promise<User | null> {
  const id = sessionUserId(request);
  const user = id === null ? null : await users.byId(id);
  return user && user.status === UserStatus.Enabled && user.deletedAt === null ? user : null;
}
