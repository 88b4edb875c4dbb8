import type { FastifyInstance } from 'fastify';
import { topUpKinds } from '@tollgate/wire';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { topUpHistory } from '../../billing/top-up-history.js';
import { topUpInfo } from '../top-up-info.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { parseInput, queryInt, queryString } from '../../api/support/input.js';
import { pageFromOne, pageOf } from '../../api/support/paging.js';
import { route } from '../../api/support/route.js';
import type { MoneyContext } from '../../contexts/money.js';

export type UserTopupListDeps = MoneyContext;

/** `kind` narrows to online orders or redeemed codes; `user_id` is the administrators' filter. */
const listQuery = z.object({ p: queryInt, page_size: queryInt, keyword: queryString, user_id: queryInt, kind: z.enum(topUpKinds).optional() });

/**
 * The top-up history, online orders and redeemed codes as one list (billing/top-up-history.ts): the
 * user's own (`/self`), everyone's for administrators (by `user_id`), searched by trade number or code name.
 */
export function registerUserTopupListRoutes(app: FastifyInstance, { deps, guard }: ApiContext<UserTopupListDeps>): void {
  const list = async (query: unknown, only?: number) => {
    const q = parseInput(listQuery, query, 400); // only an unknown kind fails: the rest reads as new-api reads it
    const { page, pageSize, offset } = pageFromOne(q.p, q.page_size);
    const result = await topUpHistory(deps, { userId: only ?? q.user_id, keyword: q.keyword || undefined, kind: q.kind }, { offset, limit: pageSize });
    return ok(pageOf(result.items, result.total, page, pageSize));
  };
  route(app, 'GET', '/user/topup', guard.admin, async (request) => list(request.query));
  route(app, 'GET', '/user/topup/self', guard.user, async (request) => list(request.query, signedIn(request).id));
  route(app, 'GET', '/user/topup/info', guard.user, async () => ok(topUpInfo(deps.options)));
}
