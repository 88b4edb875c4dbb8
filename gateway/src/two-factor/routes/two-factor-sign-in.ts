import type { FastifyInstance, FastifyReply } from 'fastify';
import { type Envelope, ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { type User, UserStatus } from '../../ports/documents/user-store.js';
import { checkCode } from '../check-code.js';
import { finishPendingSignIn, pendingSignIn, startPendingSignIn } from '../pending-sign-in.js';
import type { ApiContext } from '../../api/support/context.js';
import { parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { signIn } from '../../api/support/sign-in.js';
import { codeBody, NOT_ENABLED } from './two-factor.js';
import type { AccountsContext } from '../../contexts/accounts.js';

export type TwoFactorSignInDeps = AccountsContext;

const SESSION_EXPIRED = '会话已过期，请重新登录';

/**
 * For an account with two-factor on, the password is not enough: starts the pending sign-in and
 * answers new-api's `require_2fa` (no session yet). Null for every other account.
 */
export async function askForSecondFactor(ctx: ApiContext<AccountsContext>, reply: FastifyReply, user: User): Promise<Envelope<{ require_2fa: true }> | null> {
  if (!(await ctx.deps.twoFactor.byUserId(user.id))?.enabled) return null;
  await startPendingSignIn(ctx.deps, reply, user.id);
  return ok({ require_2fa: true as const }, '请输入两步验证码');
}

async function pendingUser(ctx: ApiContext<TwoFactorSignInDeps>, userId: number): Promise<User> {
  const user = await ctx.deps.users.byId(userId);
  if (!user || user.deletedAt !== null) throw new ApiFailure('用户不存在');
  if (user.status !== UserStatus.Enabled) throw new ApiFailure('用户已被禁用');
  return user;
}

/** The sign-in's second step: the app's code or a recovery code; the session starts only here. */
export function registerTwoFactorSignInRoute(app: FastifyInstance, ctx: ApiContext<TwoFactorSignInDeps>): void {
  route(app, 'POST', '/user/login/2fa', null, async (request, reply) => {
    const { code } = parseInput(codeBody, request.body);
    const pending = pendingSignIn(request);
    if (!pending) throw new ApiFailure(SESSION_EXPIRED);
    const user = await pendingUser(ctx, pending.uid);
    const setting = await ctx.deps.twoFactor.byUserId(user.id);
    if (!setting?.enabled) throw new ApiFailure(NOT_ENABLED);
    await checkCode(ctx.deps.twoFactor, setting, code, 'totp-or-backup');
    if (!(await finishPendingSignIn(ctx.deps.codes, reply, pending))) throw new ApiFailure(SESSION_EXPIRED);
    return ok(await signIn(ctx.deps, reply, user));
  });
}
