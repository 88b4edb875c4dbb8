import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { knownModelsByChannelType } from '../../providers/known-models.js';
import type { ApiContext } from '../../api/support/context.js';
import { parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';

/** new-api's prefill group kinds; Tollgate keeps no prefill groups, so every kind lists none. */
const prefillQuery = z.object({ type: z.enum(['model', 'tag', 'endpoint']).optional() });

/**
 * `GET /api/models`: the models each channel type is known to serve, for the channel form's suggestions;
 * `GET /api/prefill_group`: new-api's saved model lists the channel form offers (none here: the form offers its own suggestions).
 */
export function registerModelRoutes(app: FastifyInstance, { guard }: Pick<ApiContext, 'guard'>): void {
  route(app, 'GET', '/models', guard.user, async () => ok(knownModelsByChannelType));
  route(app, 'GET', '/prefill_group', guard.admin, async (request) => {
    parseInput(prefillQuery, request.query);
    return ok([]);
  });
}
