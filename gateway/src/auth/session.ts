import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountsContext } from '../contexts/accounts.js';

/** The session cookie name the console expects. */
export const SESSION_COOKIE = 'session';
const SESSION_TTL_SECONDS = 30 * 24 * 3600;
const SECRET_BYTES = 32;

/** What starting, reading and ending sessions needs. */
export type SessionDeps = AccountsContext;

type Unsign = (raw: string) => { valid: boolean; value: string | null };

/**
 * The store's key for a signed cookie value, or null when the signature fails. The cookie holds a
 * random secret; the store only its hash, so a read of the store signs nobody in.
 */
export function sessionKeyOf(unsign: Unsign, raw: string | undefined): string | null {
  if (!raw) return null;
  const unsigned = unsign(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  return createHash('sha256').update(unsigned.value).digest('hex');
}

/** The key of the request's session cookie (valid signature; live or not), or null. */
export function requestSessionKey(request: FastifyRequest): string | null {
  return sessionKeyOf((raw) => request.unsignCookie(raw), request.cookies[SESSION_COOKIE]);
}

/**
 * Starts a server-side session and writes its signed, HttpOnly cookie: `Secure` when the request
 * came over HTTPS (a trusted proxy's X-Forwarded-Proto counts) or COOKIE_SECURE says always.
 */
export async function startSession(deps: SessionDeps, reply: FastifyReply, userId: number, now = Date.now()): Promise<void> {
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  const key = createHash('sha256').update(secret).digest('hex');
  await deps.sessions.start(key, { userId, expiresAt: now + SESSION_TTL_SECONDS * 1000 });
  void reply.setCookie(SESSION_COOKIE, secret, {
    signed: true,
    httpOnly: true,
    secure: deps.config.COOKIE_SECURE || reply.request.protocol === 'https',
    sameSite: 'strict',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

/** Signs out: ends the request's session on the server (its sockets close) and clears the cookie. */
export async function endSession(deps: SessionDeps, reply: FastifyReply): Promise<void> {
  const key = requestSessionKey(reply.request);
  const session = key === null ? null : await deps.sessions.find(key);
  if (key !== null) await deps.sessions.end(key);
  if (session) deps.notices.publish('sessions', session.userId);
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The user id of the request's live session, or null. */
export async function sessionUserId(deps: SessionDeps, request: FastifyRequest): Promise<number | null> {
  const key = requestSessionKey(request);
  const session = key === null ? null : await deps.sessions.find(key);
  return session?.userId ?? null;
}

/**
 * Ends every session of the user (their sockets close): on a password change, a role change, a
 * disable or a deletion. `keepFrom`: the request whose own session stays, when it is the user's
 * (who changed their own password stays signed in, on that device only).
 */
export async function endUserSessions(deps: SessionDeps, userId: number, keepFrom?: FastifyRequest): Promise<number> {
  const keep = keepFrom ? (requestSessionKey(keepFrom) ?? undefined) : undefined;
  const ended = await deps.sessions.endAllOf(userId, keep);
  deps.notices.publish('sessions', userId);
  return ended;
}
