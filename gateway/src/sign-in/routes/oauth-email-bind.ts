import type { FastifyInstance } from 'fastify';
import { recordSecurityEvent } from '../../audit/security-events.js';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { CodePurpose } from '../../ports/hot-state/one-time-codes.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { EMAIL_TAKEN } from '../../accounts/routes/user-fields.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { AuditContext } from '../../contexts/audit.js';

export type EmailBindDeps = AccountsContext & AuditContext;

const bindQuery = z.object({
  email: z.email({ message: '请输入邮箱！' }),
  code: z.string({ message: '请输入邮箱验证码！' }).trim().min(1, { message: '请输入邮箱验证码！' }),
});

/** GET /api/oauth/email/bind?email=&code=: the code /api/verification mailed to that address sets it as the user's email. */
export function registerEmailBindRoute(app: FastifyInstance, ctx: ApiContext<EmailBindDeps>): void {
  const { deps } = ctx;
  route(app, 'GET', '/oauth/email/bind', ctx.guard.user, async (request) => {
    const user = signedIn(request);
    const { email, code } = parseInput(bindQuery, request.query);
    if (!(await deps.codes.redeem(CodePurpose.EmailVerification, email, code))) throw new ApiFailure('验证码错误或已过期');
    // The code was mailed while the address was free; another account may have taken it since.
    const holder = await deps.users.byEmail(email);
    if (holder && holder.id !== user.id) throw new ApiFailure(EMAIL_TAKEN);
    await deps.users.update(user.id, { email });
    deps.notices.publish('users', user.id);
    await recordSecurityEvent(deps, request, user, 'EmailBound', { email });
    return ok();
  });
}
