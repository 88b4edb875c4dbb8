import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SessionDeps, sessionUserId, startSession } from '../../auth/session.js';
import { type User, UserStatus, type UserStore } from '../../ports/documents/user-store.js';

/** Starts the session and answers what the console stores as `user` (new-api's setupLogin). */
export async function signIn(deps: SessionDeps, reply: FastifyReply, user: User) {
  await startSession(deps, reply, user.id);
  return { id: user.id, username: user.username, display_name: user.displayName, role: user.role, status: user.status, group: user.group };
}

/** The enabled user of a valid session cookie, or null: an OAuth callback binds for them instead of signing in. */
export async function sessionAccount(request: FastifyRequest, deps: SessionDeps & { users: UserStore }): Promise<User | null> {
  const { users } = deps;
  const id = await sessionUserId(deps, request);
  const user = id === null ? null : await users.byId(id);
  return user && user.status === UserStatus.Enabled && user.deletedAt === null ? user : null;
}
