import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf, keyFirst } from '../../admission/caller.js';
import type { RelayContext } from '../../relay-context.js';
import { RelayMessages } from '../../../http/relay-error.js';
import { openRealtimeSession } from '../../surfaces/realtime/realtime-call.js';
import { routeUpgrades } from '../../surfaces/realtime/realtime-upgrade.js';

/** The session's model, in the query as OpenAI's clients send it. */
const realtimeQuery = z.looseObject({ model: z.string().min(1, RelayMessages.missingModel).max(200) });

/** GET /v1/realtime: OpenAI's realtime protocol over a WebSocket. */
export function registerRealtime(app: FastifyInstance, ctx: RelayContext): void {
  routeUpgrades(app, '/v1/realtime');
  app.get('/v1/realtime', { ...keyFirst(ctx.cache), schema: { querystring: realtimeQuery } }, async (request, reply) => {
    await openRealtimeSession(ctx, callerOf(request), request, reply, (request.query as z.infer<typeof realtimeQuery>).model);
    return reply;
  });
}
