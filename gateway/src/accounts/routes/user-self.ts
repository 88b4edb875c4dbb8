import type { FastifyInstance } from 'fastify';
import { recordSecurityEvent } from '../../audit/security-events.js';
import { noteAdministratorPassword } from '../../bootstrap/setup-state.js';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { endSession, endUserSessions } from '../../auth/session.js';
import { randomAlphanumeric } from '../../auth/token-key.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { Role, type User } from '../../ports/documents/user-store.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { userWire } from '../../api/support/wire.js';
import { displayNameField, passwordField } from './user-fields.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';
import type { AuditContext } from '../../contexts/audit.js';

export type UserSelfDeps = AccountsContext & MoneyContext & AuditContext;

const ACCESS_TOKEN_LENGTH = 32;

const updateSelfBody = z.object({
  display_name: displayNameField.optional(),
  password: z.union([z.literal(''), passwordField]).optional(),
  original_password: z.string().optional(),
});

async function selfPatch(user: User, body: z.infer<typeof updateSelfBody>): Promise<Partial<User>> {
  const patch: Partial<User> = {};
  if (body.display_name) patch.displayName = body.display_name;
  if (body.password) {
    if (!(await verifyPassword(body.original_password ?? '', user.passwordHash))) throw new ApiFailure('原密码错误');
    patch.passwordHash = await hashPassword(body.password);
  }
  return patch;
}

/** The signed-in user's own account: profile, password, access token, deletion. */
export function registerUserSelfRoutes(app: FastifyInstance, ctx: ApiContext<UserSelfDeps>): void {
  const { deps, guard } = ctx;

  route(app, 'GET', '/user/self', guard.user, async (request) => {
    const user = signedIn(request);
    const [balance] = await deps.balances.users([user.id]);
    // Only here: the setting may hold the user's webhook secret, so admin lists leave it out.
    return ok({ ...userWire(user, balance), setting: user.setting });
  });

  route(app, 'PUT', '/user/self', guard.user, async (request) => {
    const user = signedIn(request);
    const patch = await selfPatch(user, parseInput(updateSelfBody, request.body));
    await deps.users.update(user.id, patch);
    deps.notices.publish('users', user.id);
    // A new password signs out every other device; this one stays signed in.
    if (patch.passwordHash) {
      await endUserSessions(deps, user.id, request);
      // root (or any administrator) with a password of its own: the first-run wizard is over.
      await noteAdministratorPassword(deps, user);
      await recordSecurityEvent(deps, request, user, 'PasswordChanged');
    }
    return ok();
  });

  route(app, 'DELETE', '/user/self', guard.user, async (request, reply) => {
    const user = signedIn(request);
    if (user.role >= Role.Root) throw new ApiFailure('不能删除超级管理员账户');
    await deps.users.update(user.id, { deletedAt: Math.floor(Date.now() / 1000) });
    deps.notices.publish('users', user.id);
    await endUserSessions(deps, user.id);
    await endSession(deps, reply);
    return ok();
  });

  route(app, 'GET', '/user/token', guard.user, async (request) => {
    const user = signedIn(request);
    const accessToken = randomAlphanumeric(ACCESS_TOKEN_LENGTH);
    await deps.users.update(user.id, { accessToken });
    deps.notices.publish('users', user.id);
    await recordSecurityEvent(deps, request, user, 'AccessTokenGenerated');
    return ok(accessToken);
  });
}
