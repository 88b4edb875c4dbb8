import type { FastifyInstance } from 'fastify';
import { noteAdministratorPassword } from '../../bootstrap/setup-state.js';
import { z } from 'zod';
import { hashPassword } from '../../auth/password.js';
import { endUserSessions } from '../../auth/session.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { nonNegativeInt } from '../../http/strict-int.js';
import type { User } from '../../ports/documents/user-store.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput } from '../../api/support/input.js';
import { logQuota } from '../../billing/quota-text.js';
import { route } from '../../api/support/route.js';
import { adjustmentEvent, changeTo, type QuotaChange } from '../../billing/admin-quota-change.js';
import { USERNAME_TAKEN, displayNameField, passwordField, usernameField } from './user-fields.js';
import { outranks, usersWithBalances } from './user-admin.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';
import { audits } from '../../audit/admin-writes.js';

export type UserUpdateDeps = AccountsContext & MoneyContext;

const updateBody = z.object({
  id: z.number({ message: INVALID_PARAMS }).int().positive({ message: INVALID_PARAMS }),
  username: usernameField.optional(),
  display_name: displayNameField.optional(),
  password: z.union([z.literal(''), passwordField]).optional(),
  group: z.string().trim().min(1).optional(),
  quota: nonNegativeInt('quota', '额度不能为负数').optional(),
  role: z.number().int().optional(),
  // new-api's User.Remark: varchar(255), validate max=255.
  remark: z.string().max(255, { message: '备注长度不得超过 255 位！' }).optional(),
});
type UpdateBody = z.infer<typeof updateBody>;

async function documentPatch(ctx: ApiContext<UserUpdateDeps>, target: User, body: UpdateBody): Promise<Partial<User>> {
  const patch: Partial<User> = {};
  if (body.username && body.username !== target.username) {
    if (await ctx.deps.users.byUsername(body.username)) throw new ApiFailure(USERNAME_TAKEN);
    patch.username = body.username;
  }
  if (body.display_name !== undefined) patch.displayName = body.display_name || body.username || target.username;
  if (body.group) patch.group = body.group;
  if (body.password) patch.passwordHash = await hashPassword(body.password);
  if (body.remark !== undefined) patch.remark = body.remark;
  return patch;
}

/**
 * Setting a user's quota is one admin adjustment of the difference to the ledger's balance (log
 * type 3); a lowering is held first, or refused before anything is written (see quota-debit.ts).
 */
async function quotaSetting(ctx: ApiContext<UserUpdateDeps>, target: User, quota: number): Promise<{ change: QuotaChange; content: string } | null> {
  const [balance] = await ctx.deps.balances.users([target.id]);
  const current = balance?.quota ?? 0;
  const change = await changeTo(ctx.deps, target.id, current, quota);
  if (change === null) return null;
  const { options } = ctx.deps;
  return { change, content: `管理员将用户额度从 ${logQuota(options, current)}修改为 ${logQuota(options, quota)}` };
}

/** PUT /api/user/: an administrator edits a user of a lower role (root edits anyone). */
export function registerUserUpdateRoute(app: FastifyInstance, ctx: ApiContext<UserUpdateDeps>): void {
  const { deps, guard } = ctx;
  route(app, 'PUT', '/user/', guard.admin, async (request) => {
    const admin = signedIn(request);
    const body = parseInput(updateBody, request.body);
    const target = await deps.users.byId(body.id);
    if (!target) throw new ApiFailure('用户不存在');
    if (!outranks(admin, target)) throw new ApiFailure('无权更新同权限等级或更高权限等级的用户信息');
    if (body.role !== undefined && !outranks(admin, { role: body.role })) throw new ApiFailure('无权将其他用户权限等级提升到大于等于自己的权限等级');
    const patch = await documentPatch(ctx, target, body);
    const setting = body.quota === undefined ? null : await quotaSetting(ctx, target, body.quota);
    const updated = (await deps.users.update(target.id, patch)) ?? target;
    // A password set by an administrator signs the user out everywhere (root editing itself keeps this session).
    if (patch.passwordHash) {
      await endUserSessions(deps, target.id, target.id === admin.id ? request : undefined);
      await noteAdministratorPassword(deps, updated);
    }
    if (setting) await ctx.sync.publishAndWait([adjustmentEvent(admin, updated, setting.change, setting.content)]);
    deps.notices.publish('users', target.id);
    const [wire] = await usersWithBalances(deps, [updated]);
    return ok(wire);
  }, audits.userUpdated);
}
