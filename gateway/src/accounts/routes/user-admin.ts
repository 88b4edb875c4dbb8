import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hashPassword } from '../../auth/password.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { Role, type User } from '../../ports/documents/user-store.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { idParams, parseInput, queryInt, queryString } from '../../api/support/input.js';
import { pageFromOne, pageOf } from '../../api/support/paging.js';
import { route } from '../../api/support/route.js';
import { byId, userWire } from '../../api/support/wire.js';
import { USERNAME_TAKEN, displayNameField, newUserDocument, passwordField, usernameField } from './user-fields.js';
import { newUserGrants } from '../../billing/grant-events.js';
import { audits } from '../../audit/admin-writes.js';

export type UserAdminDeps = AccountsContext & MoneyContext;

const listQuery = z.object({ p: queryInt, page_size: queryInt, keyword: queryString, group: queryString });

const createBody = z.object({
  username: usernameField,
  password: passwordField,
  display_name: displayNameField.optional(),
  role: z.number().int().optional(),
});

/** Users with their ledger balances merged, in wire shape, with the administrators' remark. */
export async function usersWithBalances(deps: MoneyContext, users: User[]) {
  const balances = byId(await deps.balances.users(users.map((u) => u.id)), (b) => b.userId);
  return users.map((user) => ({ ...userWire(user, balances.get(user.id)), remark: user.remark }));
}

/** An administrator may act only on users of a lower role; root on anyone. */
export function outranks(me: User, other: { role: number }): boolean {
  return me.role >= Role.Root || me.role > other.role;
}

async function listUsers(deps: UserAdminDeps, query: unknown, search: boolean) {
  const q = parseInput(listQuery, query);
  const { page, pageSize, offset } = pageFromOne(q.p, q.page_size);
  const result = await deps.users.list({ offset, limit: pageSize, keyword: (search && q.keyword) || undefined, group: (search && q.group) || undefined });
  return ok(pageOf(await usersWithBalances(deps, result.items), result.total, page, pageSize));
}

/** Administrators' user management: list, search, read, add. Updates and actions live beside. */
export function registerUserAdminRoutes(app: FastifyInstance, { deps, guard, sync }: ApiContext<UserAdminDeps>): void {
  route(app, 'GET', '/user/', guard.admin, async (request) => listUsers(deps, request.query, false));
  route(app, 'GET', '/user/search', guard.admin, async (request) => listUsers(deps, request.query, true));

  route(app, 'GET', '/user/:id', guard.admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const user = await deps.users.byId(id);
    // A deleted user is gone, as new-api's soft delete hides it from GetUserById.
    if (!user || user.deletedAt !== null) throw new ApiFailure('用户不存在');
    if (!outranks(signedIn(request), user)) throw new ApiFailure('无权获取同级或更高等级用户的信息');
    const [wire] = await usersWithBalances(deps, [user]);
    return ok(wire);
  });

  route(app, 'POST', '/user/', guard.admin, async (request) => {
    const body = parseInput(createBody, request.body);
    if ((body.role ?? Role.User) >= signedIn(request).role) throw new ApiFailure('无法创建权限大于等于自己的用户');
    if (await deps.users.byUsername(body.username)) throw new ApiFailure(USERNAME_TAKEN);
    const document = await newUserDocument(deps.users, { username: body.username, passwordHash: await hashPassword(body.password), displayName: body.display_name });
    const user = await deps.users.create(document);
    await sync.publishAndWait(newUserGrants(deps.options, user, false));
    deps.notices.publish('users', user.id);
    return ok();
  }, audits.userCreated);
}
