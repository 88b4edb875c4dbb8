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

/** Ends a subscription now: its windows admit nothing more from the next call on. */
async function invalidate(deps: AdminDeps, id: number) {
  const sub = await deps.subscriptions.byId(id);
  if (!sub) throw new ApiFailure('订阅不存在');
  if (!(await deps.subscriptions.end(id, 'cancelled', nowSeconds()))) throw new ApiFailure('订阅已失效');
  deps.notices.publish('subscriptions', sub.user_id);
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

  for (const [method, path] of [['POST', '/subscription/admin/user_subscriptions/:id/invalidate'], ['DELETE', '/subscription/admin/user_subscriptions/:id']] as const) {
    route(app, method, path, guard.admin, async (request) => {
      await invalidate(deps, parseInput(idParams, request.params).id);
      return ok();
    }, audits.subscriptionInvalidated);
  }
}
