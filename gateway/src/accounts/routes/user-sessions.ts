import type { FastifyInstance } from 'fastify';
import { endUserSessions } from '../../auth/session.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import type { ApiContext } from '../../api/support/context.js';
import { idParams, parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import { audits } from '../../audit/admin-writes.js';

export type UserSessionsDeps = AccountsContext;

/**
 * DELETE /api/user/:id/sessions (root only; Tollgate's own, new-api has none): signs the user out
 * on every device and closes their live consoles; `data` is how many sessions ended.
 */
export function registerUserSessionsRoute(app: FastifyInstance, { deps, guard }: ApiContext<UserSessionsDeps>): void {
  route(app, 'DELETE', '/user/:id/sessions', guard.root, async (request) => {
    const { id } = parseInput(idParams, request.params);
    if (!(await deps.users.byId(id))) throw new ApiFailure('用户不存在');
    return ok(await endUserSessions(deps, id));
  }, audits.userSessionsEnded);
}
