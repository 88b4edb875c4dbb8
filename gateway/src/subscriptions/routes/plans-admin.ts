import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type ApiContext } from '../../api/support/context.js';
import { idParams, parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { audits } from '../../audit/admin-writes.js';
import type { MoneyContext } from '../../contexts/money.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { checkedPlan, upsertPlanBody } from '../plan-input.js';

const statusBody = z.object({ enabled: z.boolean() });
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** new-api's admin plan calls (/api/subscription/admin/plans): list, create, replace, enable or disable. */
export function registerPlanAdminRoutes(app: FastifyInstance, ctx: ApiContext<MoneyContext>): void {
  const { deps, guard } = ctx;
  route(app, 'GET', '/subscription/admin/plans', guard.admin, async () => ok((await deps.subscriptions.listPlans({ enabledOnly: false })).map((plan) => ({ plan }))));

  route(app, 'POST', '/subscription/admin/plans', guard.admin, async (request) => {
    const { plan } = parseInput(upsertPlanBody, request.body);
    return ok(await deps.subscriptions.createPlan(checkedPlan(plan), nowSeconds()));
  }, audits.subscriptionPlanCreated);

  route(app, 'PUT', '/subscription/admin/plans/:id', guard.admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { plan } = parseInput(upsertPlanBody, request.body);
    const updated = await deps.subscriptions.updatePlan(id, checkedPlan(plan), nowSeconds());
    if (!updated) throw new ApiFailure('套餐不存在');
    return ok();
  }, audits.subscriptionPlanUpdated);

  route(app, 'PATCH', '/subscription/admin/plans/:id', guard.admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { enabled } = parseInput(statusBody, request.body);
    if (!(await deps.subscriptions.setPlanEnabled(id, enabled, nowSeconds()))) throw new ApiFailure('套餐不存在');
    return ok();
  }, audits.subscriptionPlanUpdated);
}
