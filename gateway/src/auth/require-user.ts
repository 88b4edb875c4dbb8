import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { closeUnreadUpload } from '../http/close-unread-upload.js';
import { AuthMessages } from '../http/errors.js';
import { parseStrictInt } from '../http/strict-int.js';
import type { User, UserStore } from '../ports/documents/user-store.js';
import { UserStatus } from '../ports/documents/user-store.js';
import { type SessionDeps, sessionUserId } from './session.js';

/** What guarding a console call reads: the session store and the users. */
export type GuardDeps = SessionDeps & { users: UserStore };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser`. */
    user?: User;
    /** How `user` was recognised: a console session, or a management access token (scripts). */
    signedInBy?: 'session' | 'access_token';
  }
}

type Resolved = { user: User; by: NonNullable<FastifyRequest['signedInBy']> };

/** The user a request acts as: its session, or a management access token in Authorization. */
async function resolveUser(request: FastifyRequest, deps: GuardDeps): Promise<Resolved | string> {
  const { users } = deps;
  const fromSession = await sessionUserId(deps, request);
  if (fromSession !== null) {
    const user = await users.byId(fromSession);
    return user ? { user, by: 'session' } : AuthMessages.notLoggedIn;
  }
  const accessToken = request.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
  if (!accessToken) return AuthMessages.notLoggedIn;
  const user = await users.byAccessToken(accessToken);
  return user ? { user, by: 'access_token' } : AuthMessages.badAccessToken;
}

function deny(reply: FastifyReply, status: number, message: string) {
  closeUnreadUpload(reply.request, reply);
  return reply.code(status).send({ success: false, message });
}

/**
 * Guards a console call: a session (or access token), the `New-Api-User` header naming that
 * same user, an enabled account, and at least `minRole`.
 */
export function requireUser(deps: GuardDeps, minRole: number): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const found = await resolveUser(request, deps);
    if (typeof found === 'string') return deny(reply, 401, found);
    const resolved = found.user;
    const header = request.headers['new-api-user'];
    if (!header) return deny(reply, 401, AuthMessages.noUserHeader);
    if (parseStrictInt(header) !== resolved.id) return deny(reply, 401, AuthMessages.userHeaderMismatch);
    if (resolved.status !== UserStatus.Enabled || resolved.deletedAt !== null) return deny(reply, 403, AuthMessages.banned);
    if (resolved.role < minRole) return deny(reply, 403, AuthMessages.forbidden);
    request.user = resolved;
    request.signedInBy = found.by;
  };
}
