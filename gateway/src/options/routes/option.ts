import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defaultModelRatio } from '../../billing/default-prices.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { checkOption, isSecretOption } from '../option-rules.js';
import type { ApiContext } from '../../api/support/context.js';
import { parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { CoreContext } from '../../contexts/core.js';
import { audits } from '../../audit/admin-writes.js';

export type OptionDeps = CoreContext;

/** Values are strings; a console that sends a switch as a boolean or a number is read the same. */
const updateBody = z.object({
  key: z.string().trim().min(1),
  value: z.union([z.string(), z.number(), z.boolean()]).transform(String),
});

/** The super administrator's settings. */
export function registerOptionRoutes(app: FastifyInstance, { deps, guard }: ApiContext<OptionDeps>): void {
  route(app, 'GET', '/option/', guard.root, async () => {
    const entries = Object.entries(deps.options.all()).filter(([key]) => !isSecretOption(key));
    return ok(entries.map(([key, value]) => ({ key, value })));
  });

  route(app, 'PUT', '/option/', guard.root, async (request) => {
    // new-api answers an unreadable option body with HTTP 400.
    const { key, value } = parseInput(updateBody, request.body, 400);
    const checked = checkOption(deps.options, key, value);
    if (!checked.ok) throw new ApiFailure(checked.problem);
    await deps.options.set(key, checked.value);
    deps.notices.publish('options');
    return ok();
  }, audits.optionUpdated);

  // new-api's spelling ("rest"), kept for wire compatibility: puts ModelRatio back to the default table.
  route(app, 'POST', '/option/rest_model_ratio', guard.root, async () => {
    await deps.options.set('ModelRatio', JSON.stringify(defaultModelRatio));
    deps.notices.publish('options');
    return ok();
  }, audits.modelRatiosReset);
}
