import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endUserSessions } from '../../auth/session.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { strictInt } from '../../http/strict-int.js';
import type { ApiContext } from '../../api/support/context.js';
import { signedIn } from '../../api/support/context.js';
import { parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { NOT_ENABLED } from './two-factor.js';
import { outranks } from '../../accounts/routes/user-admin.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import { audits } from '../../audit/admin-writes.js';

export type TwoFactorAdminDeps = AccountsContext;

const BAD_ID = { message: '用户ID格式错误' };
const userIdParams = z.object({ id: strictInt(z.number(BAD_ID).int(BAD_ID).positive(BAD_ID)) });

/** "12.5%": new-api's one-decimal rate. */
const percent = (part: number, whole: number) => `${(whole > 0 ? (part / whole) * 100 : 0).toFixed(1)}%`;

/** Two-factor statistics and the reset of a user's two-factor, for administrators. */
export function registerTwoFactorAdminRoutes(app: FastifyInstance, ctx: ApiContext<TwoFactorAdminDeps>): void {
  const { deps, guard } = ctx;

  route(app, 'GET', '/user/2fa/stats', guard.admin, async () => {
    const [total, enabled] = await Promise.all([deps.users.count(), deps.twoFactor.countEnabled()]);
    return ok({ total_users: total, enabled_users: enabled, enabled_rate: percent(enabled, total) });
  });

  route(app, 'DELETE', '/user/:id/2fa', guard.admin, async (request) => {
    const me = signedIn(request);
    const { id } = parseInput(userIdParams, request.params);
    const target = await deps.users.byId(id);
    if (!target) throw new ApiFailure('用户不存在');
    if (!outranks(me, target)) throw new ApiFailure('无权操作同级或更高级用户的2FA设置');
    if (!(await deps.twoFactor.remove(id))) throw new ApiFailure(NOT_ENABLED);
    await endUserSessions(deps, id); // as new-api: a reset answers a lost or taken device, so its sessions go too
    return ok(undefined, '用户2FA已被强制禁用');
  }, audits.userTwoFactorReset);
}
