import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { knownModelsByChannelType } from '../../providers/known-models.js';
import type { ApiContext } from '../../api/support/context.js';
import { route } from '../../api/support/route.js';

/** `GET /api/models`: the models each channel type is known to serve, for the channel form's suggestions. */
export function registerModelRoutes(app: FastifyInstance, { guard }: Pick<ApiContext, 'guard'>): void {
  route(app, 'GET', '/models', guard.user, async () => ok(knownModelsByChannelType));
}
