import type { FastifyRequest } from 'fastify';
import type { AuditContext } from '../contexts/audit.js';
import type { User } from '../ports/documents/user-store.js';
import { type AuditEventType, newAuditEvent } from '../ports/documents/audit-event.js';

/** A change to how an account signs in, made by its own user (or by mail on its behalf). */
export type SecurityEventType = Extract<
  AuditEventType,
  'PasswordChanged' | 'PasswordReset' | 'TwoFactorEnabled' | 'TwoFactorDisabled' | 'TwoFactorBackupCodesRegenerated' | 'EmailBound' | 'AccountLinked' | 'AccessTokenGenerated'
>;

export type SecurityEventDeps = AuditContext;

/**
 * Records a security event of `user`'s own account, with the user as the actor and the client's
 * address. `detail` names what changed, never the secret itself (no password, hash, token or code).
 * The change is done by then: a trail that cannot take the event is logged as an operator's alarm,
 * not turned into the user's failure (as for administrators' writes).
 */
export async function recordSecurityEvent(deps: SecurityEventDeps, request: FastifyRequest, user: Pick<User, 'id' | 'username'>, type: SecurityEventType, detail: Record<string, string> | null = null): Promise<void> {
  const event = newAuditEvent({ type, actor: { userId: user.id, username: user.username }, address: request.ip, target: { kind: 'user', id: String(user.id) }, before: null, after: null, detail });
  await deps.auditTrail.append(event).catch((error: unknown) => request.log.error({ err: error, type }, 'security event not recorded'));
}
