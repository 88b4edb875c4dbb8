import type { FastifyInstance } from 'fastify';
import { type Caller, callerOf, keyFirst } from '../../admission/caller.js';
import type { RelayContext } from '../../relay-context.js';
import { AUTO_GROUP, autoGroupsFor } from '../../../options/user-groups.js';
import { RelayError } from '../../../http/relay-error.js';

const modelObject = (id: string) => ({ id, object: 'model', created: 0, owned_by: 'tollgate' });

/** The models a key may call: those its group is served (any of its auto groups for an `auto` key), narrowed by the token's model limits. */
function callableModels(ctx: RelayContext, caller: Caller): string[] {
  const groups = caller.group === AUTO_GROUP ? autoGroupsFor(ctx.deps.options, caller.user.group) : [caller.group];
  const served = [...new Set(groups.flatMap((group) => ctx.router.models(group)))];
  const { modelLimitsEnabled, modelLimits } = caller.token;
  return modelLimitsEnabled ? served.filter((m) => modelLimits.includes(m)) : served;
}

/** GET /v1/models and /v1/models/{id}, in OpenAI's shapes. */
export function registerModels(app: FastifyInstance, ctx: RelayContext): void {
  app.get('/v1/models', keyFirst(ctx.cache), async (request) => {
    const caller = callerOf(request);
    return { object: 'list', data: callableModels(ctx, caller).map(modelObject) };
  });
  // A wildcard, not `:id`: model names such as `deepseek-ai/DeepSeek-V3` contain slashes.
  app.get<{ Params: { '*': string } }>('/v1/models/*', keyFirst(ctx.cache), async (request) => {
    const caller = callerOf(request);
    const id = request.params['*'];
    if (!callableModels(ctx, caller).includes(id)) throw new RelayError(404, `The model '${id}' does not exist`, 'model_not_found', 'invalid_request_error');
    return modelObject(id);
  });
}
