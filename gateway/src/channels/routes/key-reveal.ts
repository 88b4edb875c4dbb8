import type { FastifyInstance } from 'fastify';
import { ApiFailure } from '../../http/errors.js';
import { ok } from '../../http/envelope.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { idParams, parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { ownToken } from '../../tokens/routes/token-fields.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { ChannelsContext } from '../../contexts/channels.js';
import { audits } from '../../audit/admin-writes.js';

export type KeyRevealDeps = AccountsContext & ChannelsContext;

/** Answers that carry a secret are never cached by a browser or a proxy. */
const NO_STORE = 'no-store';

/**
 * The calls that reveal one key, as new-api's: a token's to its owner only (another user's token
 * reads as missing), a channel's to the super administrator only. new-api also asks the root for
 * a fresh 2FA or passkey check before a channel key; that step is not here (see docs/new-api.md).
 */
export function registerKeyRevealRoutes(app: FastifyInstance, { deps, guard }: ApiContext<KeyRevealDeps>): void {
  route(app, 'POST', '/token/:id/key', guard.user, async (request, reply) => {
    const token = await ownToken(deps, signedIn(request), parseInput(idParams, request.params).id);
    reply.header('cache-control', NO_STORE);
    return ok({ key: token.key });
  });

  route(app, 'POST', '/channel/:id/key', guard.root, async (request, reply) => {
    const channel = await deps.channels.byId(parseInput(idParams, request.params).id);
    if (!channel) throw new ApiFailure('渠道不存在');
    reply.header('cache-control', NO_STORE);
    return ok({ key: channel.key });
  }, audits.channelKeyRevealed);
}
