import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountsContext } from '../contexts/accounts.js';
import { CodePurpose, type OneTimeCodes } from '../ports/hot-state/one-time-codes.js';

/**
 * The sign-in between the password and the code: a single-use entry in the one-time codes
 * (shared by every gateway) named by a signed HttpOnly cookie. No session exists until the code.
 */
const COOKIE = 'pending_2fa';
const TTL_MS = 5 * 60_000;

interface PendingCookie {
  /** The entry's random name. */
  id: string;
  uid: number;
  /** Epoch ms; the entry expires with it. */
  exp: number;
}

const cookieOptions = { signed: true, httpOnly: true, sameSite: 'strict', path: '/api/user/login' } as const;

/** Remembers that `userId` gave the right password, for five minutes; `Secure` as the session cookie is. */
export async function startPendingSignIn(deps: AccountsContext, reply: FastifyReply, userId: number, now = Date.now()): Promise<void> {
  const pending: PendingCookie = { id: randomBytes(24).toString('base64url'), uid: userId, exp: now + TTL_MS };
  await deps.codes.issue(CodePurpose.TwoFactorSignIn, pending.id, String(userId), TTL_MS);
  const secure = deps.config.COOKIE_SECURE || reply.request.protocol === 'https';
  void reply.setCookie(COOKIE, JSON.stringify(pending), { ...cookieOptions, secure, maxAge: TTL_MS / 1000 });
}

/** The pending sign-in the cookie names, while it has not expired (not yet used up: see `finishPendingSignIn`). */
export function pendingSignIn(request: FastifyRequest, now = Date.now()): PendingCookie | null {
  const raw = request.cookies[COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (!unsigned?.valid || unsigned.value === null) return null;
  try {
    const value = JSON.parse(unsigned.value) as Partial<PendingCookie>;
    if (typeof value.id !== 'string' || typeof value.uid !== 'number' || typeof value.exp !== 'number') return null;
    return value.exp > now ? (value as PendingCookie) : null;
  } catch {
    return null;
  }
}

/** Uses the pending sign-in up: true once, and only before it expires. The cookie is cleared either way. */
export async function finishPendingSignIn(codes: OneTimeCodes, reply: FastifyReply, pending: PendingCookie): Promise<boolean> {
  void reply.clearCookie(COOKIE, { path: cookieOptions.path });
  return codes.redeem(CodePurpose.TwoFactorSignIn, pending.id, String(pending.uid));
}
