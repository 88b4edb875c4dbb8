import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/password.js';
import { endSession } from '../../auth/session.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { CodePurpose } from '../../ports/hot-state/one-time-codes.js';
import { Role, type User, UserStatus } from '../../ports/documents/user-store.js';
import { signIn } from '../../api/support/sign-in.js';
import { askForSecondFactor } from '../../two-factor/routes/two-factor-sign-in.js';
import { requireTurnstile } from '../../api/support/turnstile-guard.js';
import { openAccount } from './user-signup.js';
import type { ApiContext } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { EMAIL_TAKEN, USERNAME_TAKEN, passwordField, usernameField } from '../../accounts/routes/user-fields.js';
import type { AccountsContext } from '../../contexts/accounts.js';

export type UserAuthDeps = AccountsContext;

/** The password `root` is created with unless configured; logging in with it asks for a change. */
export const DEFAULT_ROOT_PASSWORD = '123456';
const BAD_LOGIN = '用户名或密码错误，或用户已被封禁';

const registerBody = z.object({
  username: usernameField,
  password: passwordField,
  email: z.string().trim().optional(),
  verification_code: z.string().optional(),
  aff_code: z.string().trim().optional(),
});

const loginBody = z.object({ username: z.string().trim().min(1), password: z.string().min(1) });

/** Compared against when the user does not exist, so a wrong name costs as long as a wrong password. */
const decoyHash = hashPassword('decoy-password');

function checkRegistrationOpen({ deps }: ApiContext<UserAuthDeps>, body: z.infer<typeof registerBody>): void {
  if (!deps.options.boolean('RegisterEnabled')) throw new ApiFailure('管理员关闭了新用户注册');
  if (!deps.options.boolean('PasswordRegisterEnabled')) throw new ApiFailure('管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册');
  if (deps.options.boolean('EmailVerificationEnabled') && (!body.email || !body.verification_code)) {
    throw new ApiFailure('管理员开启了邮箱验证，请输入邮箱地址和验证码');
  }
}

/** With email verification on, the code mailed to `email` (redeemed once); returns the email to store. */
async function verifiedEmail({ deps }: ApiContext<UserAuthDeps>, body: z.infer<typeof registerBody>): Promise<string | undefined> {
  if (!deps.options.boolean('EmailVerificationEnabled') || !body.email || !body.verification_code) return undefined;
  const redeemed = await deps.codes.redeem(CodePurpose.EmailVerification, body.email, body.verification_code);
  if (!redeemed) throw new ApiFailure('验证码错误或已过期');
  // Another account may have taken the address (a bind, a service sign-up) since the code was mailed.
  if (await deps.users.byEmail(body.email)) throw new ApiFailure(EMAIL_TAKEN);
  return body.email;
}

async function register(ctx: ApiContext<UserAuthDeps>, body: z.infer<typeof registerBody>): Promise<void> {
  if (await ctx.deps.users.byUsername(body.username)) throw new ApiFailure(USERNAME_TAKEN);
  // After the name check, so a taken name does not use up the code.
  const email = await verifiedEmail(ctx, body);
  await openAccount(ctx, { username: body.username, passwordHash: await hashPassword(body.password), email }, body.aff_code);
}

/** The name typed at sign-in may be the username or the email address, as new-api reads it (a username wins). */
async function authenticate(username: string, password: string, users: ApiContext<UserAuthDeps>['deps']['users']): Promise<User> {
  const user = (await users.byUsername(username)) ?? (username.includes('@') ? await users.byEmail(username) : null);
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  if (!user || !matches || user.status !== UserStatus.Enabled || user.deletedAt !== null) throw new ApiFailure(BAD_LOGIN);
  if (needsRehash(user.passwordHash)) await users.update(user.id, { passwordHash: await hashPassword(password) });
  return user;
}

/** Sign-up, sign-in and sign-out. */
export function registerUserAuthRoutes(app: FastifyInstance, ctx: ApiContext<UserAuthDeps>): void {
  const turnstile = requireTurnstile(ctx.deps);
  route(app, 'POST', '/user/register', turnstile, async (request) => {
    const body = parseInput(registerBody, request.body);
    checkRegistrationOpen(ctx, body);
    await register(ctx, body);
    return ok();
  });

  route(app, 'POST', '/user/login', turnstile, async (request, reply) => {
    if (!ctx.deps.options.boolean('PasswordLoginEnabled')) throw new ApiFailure('管理员关闭了密码登录');
    const body = parseInput(loginBody.catch({ username: '', password: '' }), request.body);
    if (!body.username || !body.password) throw new ApiFailure(INVALID_PARAMS);
    const user = await authenticate(body.username, body.password, ctx.deps.users);
    const secondFactor = await askForSecondFactor(ctx, reply, user);
    if (secondFactor) return secondFactor;
    const data = await signIn(ctx.deps, reply, user);
    if (user.role >= Role.Root && body.password === DEFAULT_ROOT_PASSWORD) {
      return ok({ ...data, default_password: true }, '请立刻修改默认密码！');
    }
    return ok(data);
  });

  route(app, 'GET', '/user/logout', null, async (_request, reply) => {
    await endSession(ctx.deps, reply);
    return ok();
  });
}
