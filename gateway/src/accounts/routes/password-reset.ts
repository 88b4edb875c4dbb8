import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { recordSecurityEvent } from '../../audit/security-events.js';
import { noteAdministratorPassword } from '../../bootstrap/setup-state.js';
import { z } from 'zod';
import { hashPassword } from '../../auth/password.js';
import { endUserSessions } from '../../auth/session.js';
import { randomAlphanumeric } from '../../auth/token-key.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { CodePurpose } from '../../ports/hot-state/one-time-codes.js';
import { RESET_VALID_MINUTES, passwordResetMail, resetLink } from './account-mails.js';
import { emailQuery } from './email-verification.js';
import type { ApiContext } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { requireTurnstile } from '../../api/support/turnstile-guard.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { AuditContext } from '../../contexts/audit.js';

export type PasswordResetDeps = AccountsContext & AuditContext;

const NEW_PASSWORD_LENGTH = 12;
const LINK_INVALID = '重置链接非法或已过期';

const resetBody = z.object({
  email: z.string({ message: INVALID_PARAMS }).trim().min(1, { message: INVALID_PARAMS }),
  token: z.string({ message: INVALID_PARAMS }).trim().min(1, { message: INVALID_PARAMS }),
});

/** Password reset by email: a mailed one-time link, then a new random password in `data`. */
export function registerPasswordResetRoutes(app: FastifyInstance, ctx: ApiContext<PasswordResetDeps>): void {
  const { deps } = ctx;

  route(app, 'GET', '/reset_password', requireTurnstile(deps), async (request) => {
    const { email } = parseInput(emailQuery, request.query);
    const user = await deps.users.byEmail(email);
    if (!user || user.deletedAt !== null) throw new ApiFailure('该邮箱地址未注册');
    const token = randomBytes(16).toString('hex');
    await deps.codes.issue(CodePurpose.PasswordReset, email, token, RESET_VALID_MINUTES * 60_000);
    const sent = await deps.mailer.send(passwordResetMail(deps.options, email, resetLink(deps.options, email, token)));
    if (!sent.ok) throw new ApiFailure(sent.message);
    return ok();
  });

  // The token is used up by the first valid call, so a leaked link cannot reset twice.
  route(app, 'POST', '/user/reset', null, async (request) => {
    const { email, token } = parseInput(resetBody, request.body);
    if (!(await deps.codes.redeem(CodePurpose.PasswordReset, email, token))) throw new ApiFailure(LINK_INVALID);
    const user = await deps.users.byEmail(email);
    if (!user || user.deletedAt !== null) throw new ApiFailure(LINK_INVALID);
    const password = randomAlphanumeric(NEW_PASSWORD_LENGTH);
    await deps.users.update(user.id, { passwordHash: await hashPassword(password) });
    deps.notices.publish('users', user.id);
    await endUserSessions(deps, user.id);
    await noteAdministratorPassword(deps, user);
    await recordSecurityEvent(deps, request, user, 'PasswordReset', { via: 'email' });
    return ok(password);
  });
}
