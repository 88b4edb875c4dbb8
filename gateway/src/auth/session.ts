import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session cookie name the console expects. */
export const SESSION_COOKIE = 'session';
const SESSION_TTL_SECONDS = 30 * 24 * 3600;

interface SessionPayload {
  uid: number;
  exp: number;
}

/** Writes a signed session cookie for the user (HttpOnly; signature by @fastify/cookie). */
export function startSession(reply: FastifyReply, userId: number, now = Date.now()): void {
  const payload: SessionPayload = { uid: userId, exp: Math.floor(now / 1000) + SESSION_TTL_SECONDS };
  void reply.setCookie(SESSION_COOKIE, JSON.stringify(payload), {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function endSession(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The user id of a valid, unexpired session cookie, or null. */
export function sessionUserId(request: FastifyRequest, now = Date.now()): number | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  try {
    const payload = JSON.parse(unsigned.value) as Partial<SessionPayload>;
    if (typeof payload.uid !== 'number' || typeof payload.exp !== 'number') return null;
    return payload.exp * 1000 > now ? payload.uid : null;
  } catch {
    return null;
  }
}
