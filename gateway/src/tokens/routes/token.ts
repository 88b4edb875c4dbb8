import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { stripKeyPrefix } from '../../auth/token-key.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';
import { ok } from '../../http/envelope.js';
import type { User } from '../../ports/documents/user-store.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { idParams, parseInput, queryInt, queryString } from '../../api/support/input.js';
import { pageFromOne, pageOf } from '../../api/support/paging.js';
import { route } from '../../api/support/route.js';
import { ownToken, tokensWithBalances } from './token-fields.js';

export type TokenDeps = AccountsContext & MoneyContext;

const listQuery = z.object({ p: queryInt, size: queryInt, page_size: queryInt, keyword: queryString, token: queryString });

async function listTokens(deps: TokenDeps, user: User, query: unknown, search: boolean) {
  const q = parseInput(listQuery, query);
  const { page, pageSize, offset } = pageFromOne(q.p, q.size ?? q.page_size);
  const filter = search ? { keyword: q.keyword || undefined, key: q.token ? stripKeyPrefix(q.token) : undefined } : {};
  const result = await deps.tokens.listByUser(user.id, { offset, limit: pageSize, ...filter });
  return ok(pageOf(await tokensWithBalances(deps, result.items), result.total, page, pageSize));
}

/** The signed-in user's API keys: list, search, read, delete. Create and update live beside. */
export function registerTokenRoutes(app: FastifyInstance, { deps, guard }: ApiContext<TokenDeps>): void {
  route(app, 'GET', '/token/', guard.user, async (request) => listTokens(deps, signedIn(request), request.query, false));
  route(app, 'GET', '/token/search', guard.user, async (request) => listTokens(deps, signedIn(request), request.query, true));

  route(app, 'GET', '/token/:id', guard.user, async (request) => {
    const token = await ownToken(deps, signedIn(request), parseInput(idParams, request.params).id);
    const [wire] = await tokensWithBalances(deps, [token]);
    return ok(wire);
  });

  route(app, 'DELETE', '/token/:id', guard.user, async (request) => {
    const token = await ownToken(deps, signedIn(request), parseInput(idParams, request.params).id);
    await deps.tokens.delete(token.id);
    deps.notices.publish('tokens', token.id);
    return ok();
  });
}
