import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiContext } from '../../api/support/context.js';
import { idParams, INVALID_PARAMS, parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { audits } from '../../audit/admin-writes.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { startSubscription } from '../start-subscription.js';
import { summarize } from '../summary.js';

type AdminDeps = MoneyContext & AccountsContext;

const positive = z.number({ message: INVALID_PARAMS }).int().positive(INVALID_PARAMS);
const bindBody = z.object({ user_id: positive, plan_id: positive });
const grantBody = z.object({ plan_id: positive });
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An admin's grant: no payment, so no ledger event (the wallet is untouched); the audit trail records who granted what. */
async function grant(deps: AdminDeps, userId: number, planId: number) {
  if (!(await deps.users.byId(userId))) throw new ApiFailure('用户不存在');
  const plan = await deps.subscriptions.planById(planId);
  if (!plan) throw new ApiFailure('套餐不存在');
  return startSubscription(deps, userId, plan, 'admin', nowSeconds());
}

/**
 * Ends a subscription now: its windows admit nothing more from the next call on. Invalidating one
 * already ended is refused, as new-api; deleting it succeeds, since new-api's delete removes any
 * row and its console offers delete on ended ones (Tollgate keeps the row, ended: docs/new-api.md).
 */
async function endNow(deps: AdminDeps, id: number, ifEnded: 'refuse' | 'accept') {
  const sub = await deps.subscriptions.byId(id);
  if (!sub) throw new ApiFailure('订阅不存在');
  if (await deps.subscriptions.end(id, 'cancelled', nowSeconds())) deps.notices.publish('subscriptions', sub.user_id);
  else if (ifEnded === 'refuse') throw new ApiFailure('订阅已失效');
}

/** new-api's admin subscription calls (/api/subscription/admin/...): bind a plan, a user's subscriptions, invalidate one. */
export function registerSubscriptionAdminRoutes(app: FastifyInstance, ctx: ApiContext<AdminDeps>): void {
  const { deps, guard } = ctx;
  route(app, 'POST', '/subscription/admin/bind', guard.admin, async (request) => {
    const body = parseInput(bindBody, request.body);
    await grant(deps, body.user_id, body.plan_id);
    return ok();
  }, audits.subscriptionGranted);

  route(app, 'GET', '/subscription/admin/users/:id/subscriptions', guard.admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(await summarize(deps.holds, await deps.subscriptions.listByUser(id), Date.now()));
  });

  route(app, 'POST', '/subscription/admin/users/:id/subscriptions', guard.admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(await grant(deps, id, parseInput(grantBody, request.body).plan_id));
  }, audits.subscriptionGranted);

  route(app, 'POST', '/subscription/admin/user_subscriptions/:id/invalidate', guard.admin, async (request) => {
    await endNow(deps, parseInput(idParams, request.params).id, 'refuse');
    return ok();
  }, audits.subscriptionInvalidated);

  route(app, 'DELETE', '/subscription/admin/user_subscriptions/:id', guard.admin, async (request) => {
    await endNow(deps, parseInput(idParams, request.params).id, 'accept');
    return ok();
  }, audits.subscriptionInvalidated);
}
