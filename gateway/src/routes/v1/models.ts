import type { FastifyInstance } from 'fastify';
import { authenticateCaller } from '../../relay/caller.js';
import type { RelayContext } from '../../relay/relay-context.js';

/** GET /v1/models: the models this key may call, in OpenAI's list shape. */
export function registerModels(app: FastifyInstance, ctx: RelayContext): void {
  app.get('/v1/models', async (request) => {
    const caller = await authenticateCaller(request, ctx.cache);
    const served = ctx.router.models(caller.group);
    const { modelLimitsEnabled, modelLimits } = caller.token;
    const allowed = modelLimitsEnabled ? served.filter((m) => modelLimits.includes(m)) : served;
    return { object: 'list', data: allowed.map((id) => ({ id, object: 'model', created: 0, owned_by: 'tollgate' })) };
  });
}
