import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { ApiFailure, AuthMessages } from '../../http/errors.js';
import { withChannelNames } from '../channel-names.js';
import { selfRow } from '../visible-row.js';
import { UserStatus } from '../../ports/documents/user-store.js';
import { parseApiKey } from '../../relay/admission/caller.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { parseInput, queryString } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { ChannelsContext } from '../../contexts/channels.js';
import type { AnalyticsContext } from '../../contexts/analytics.js';

export type LogSearchDeps = AccountsContext & ChannelsContext & AnalyticsContext;

/** new-api's MaxRecentItems: one key's newest rows. */
const KEY_LOG_LIMIT = 100;

const searchQuery = z.object({ keyword: queryString });

/**
 * Balance pages on other sites read a key's usage from the browser, so any origin may call
 * `/api/log/token`, as in new-api. Safe because the key authorizes it, never a cookie; the rest
 * of `/api` answers no other origin.
 */
const KEY_READ_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': 'Authorization',
  'access-control-max-age': '86400',
};

/**
 * new-api's keyword searches (newest 100 rows) and `/api/log/token`: a key's own usage, read with
 * the key itself (read-only: an expired or exhausted key still reads), from any origin, as third-party balance pages do.
 */
export function registerLogSearchRoutes(app: FastifyInstance, { deps, guard }: ApiContext<LogSearchDeps>): void {
  route(app, 'GET', '/log/search', guard.admin, async (request) => {
    const { keyword = '' } = parseInput(searchQuery, request.query);
    return ok(await withChannelNames(deps.channels, await deps.logs.search({ keyword })));
  });
  route(app, 'GET', '/log/self/search', guard.user, async (request) => {
    const { keyword = '' } = parseInput(searchQuery, request.query);
    return ok((await deps.logs.search({ userId: signedIn(request).id, keyword })).map(selfRow));
  });
  route(app, 'OPTIONS', '/log/token', null, async (_request, reply) => reply.headers(KEY_READ_CORS).code(204).send());
  route(app, 'GET', '/log/token', null, async (request, reply) => {
    void reply.header('access-control-allow-origin', '*');
    if (!request.headers.authorization) throw new ApiFailure('未提供令牌', 401);
    const token = await deps.tokens.byKey(parseApiKey(request.headers.authorization));
    if (!token) throw new ApiFailure('无效的令牌', 401);
    const owner = await deps.users.byId(token.userId);
    if (!owner || owner.deletedAt !== null || owner.status !== UserStatus.Enabled) throw new ApiFailure(AuthMessages.banned, 403);
    const rows = await deps.logs.list({ userId: owner.id, tokenId: token.id }, { offset: 0, limit: KEY_LOG_LIMIT });
    return ok(rows.items.map(selfRow));
  });
}
