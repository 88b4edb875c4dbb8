import type { FastifyInstance } from 'fastify';
import { noteAdministratorPassword } from '../../bootstrap/setup-state.js';
import { z } from 'zod';
import { endUserSessions } from '../../auth/session.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { Role, type User, UserStatus } from '../../ports/documents/user-store.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { outranks } from './user-admin.js';
import { adjustQuota, isQuotaAdjustment } from './user-quota-adjust.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';
import { audits } from '../../audit/admin-writes.js';

export type UserManageDeps = AccountsContext & MoneyContext;

const targetBody = z.object({ id: z.number().int().positive() });
const manageBody = targetBody.extend({
  action: z.enum(['disable', 'enable', 'delete', 'promote', 'demote'], { message: INVALID_PARAMS }),
});
type Action = z.infer<typeof manageBody>['action'];
const LOSES_RIGHTS: ReadonlySet<Action> = new Set(['disable', 'delete', 'demote']);

/** The change an action makes, or the reason it may not (new-api's rules and texts). */
function actionPatch(action: Action, me: User, user: User): Partial<User> {
  const isRoot = user.role >= Role.Root;
  switch (action) {
    case 'disable':
      if (isRoot) throw new ApiFailure('无法禁用超级管理员用户');
      return { status: UserStatus.Disabled };
    case 'enable':
      return { status: UserStatus.Enabled };
    case 'delete':
      if (isRoot) throw new ApiFailure('无法删除超级管理员用户');
      return { deletedAt: Math.floor(Date.now() / 1000) };
    case 'promote':
      if (me.role < Role.Root) throw new ApiFailure('普通管理员用户无法提升其他用户为管理员');
      if (user.role >= Role.Admin) throw new ApiFailure('该用户已经是管理员');
      return { role: Role.Admin };
    case 'demote':
      if (isRoot) throw new ApiFailure('无法降级超级管理员用户');
      if (user.role === Role.User) throw new ApiFailure('该用户已经是普通用户');
      return { role: Role.User };
  }
}

/** POST /api/user/manage: promote, demote, disable, enable or delete; answers the new status and role. */
export function registerUserManageRoute(app: FastifyInstance, ctx: ApiContext<UserManageDeps>): void {
  const { deps, guard } = ctx;
  route(app, 'POST', '/user/manage', guard.admin, async (request) => {
    const me = signedIn(request);
    const adjusting = isQuotaAdjustment(request.body);
    const body = adjusting ? { ...parseInput(targetBody, request.body), action: null } : parseInput(manageBody, request.body);
    const user = await deps.users.byId(body.id);
    if (!user) throw new ApiFailure('用户不存在');
    if (!outranks(me, user)) throw new ApiFailure('无权更新同权限等级或更高权限等级的用户信息');
    if (body.action === null) {
      const message = await adjustQuota(ctx, me, user, request.body);
      return ok({ status: user.status, role: user.role }, message);
    }
    const updated = (await deps.users.update(user.id, actionPatch(body.action, me, user))) ?? user;
    deps.notices.publish('users', user.id);
    // Losing rights ends the user's sessions. A promotion keeps them: every call and socket reads
    // the role afresh, and the console shows the new menus at the next sign-in.
    if (LOSES_RIGHTS.has(body.action)) await endUserSessions(deps, user.id);
    // An administrator that signs in with a password of its own: the first-run wizard is over.
    if (updated.passwordHash !== '') await noteAdministratorPassword(deps, updated);
    return ok({ status: updated.status, role: updated.role });
  }, audits.userManaged);
}
