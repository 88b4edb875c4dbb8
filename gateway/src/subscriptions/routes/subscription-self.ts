import { billingPreferences } from '@tollgate/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';
import { ok } from '../../http/envelope.js';
import { preferenceOf } from '../pockets.js';
import { summarize } from '../summary.js';
import { buyWithWallet } from '../wallet-purchase.js';

type SelfDeps = MoneyContext & AccountsContext;

const preferenceBody = z.object({ billing_preference: z.string().max(64) });
const payBody = z.object({ plan_id: z.number({ message: INVALID_PARAMS }).int().positive(INVALID_PARAMS) });

/** new-api's normalizeBillingPreference: an unknown preference is subscription first. */
const normalized = (text: string) => billingPreferences.find((p) => p === text.trim()) ?? 'subscription_first';

/** A user's plan calls (/api/subscription/...): the plans on sale, their subscriptions, their billing preference, buying with the wallet. */
export function registerSubscriptionSelfRoutes(app: FastifyInstance, ctx: ApiContext<SelfDeps>): void {
  const { deps, guard } = ctx;
  route(app, 'GET', '/subscription/plans', guard.user, async () => ok((await deps.subscriptions.listPlans({ enabledOnly: true })).map((plan) => ({ plan }))));

  route(app, 'GET', '/subscription/self', guard.user, async (request) => {
    const user = signedIn(request);
    const all = await summarize(deps.holds, await deps.subscriptions.listByUser(user.id), Date.now());
    const active = all.filter((s) => s.subscription.status === 'active');
    return ok({ billing_preference: preferenceOf(user), subscription: active[0] ?? null, subscriptions: active, all_subscriptions: all });
  });

  route(app, 'PUT', '/subscription/self/preference', guard.user, async (request) => {
    const preference = normalized(parseInput(preferenceBody, request.body).billing_preference);
    const user = signedIn(request);
    const current = await deps.users.byId(user.id);
    const setting = { ...(JSON.parse(current?.setting || '{}') as Record<string, unknown>), billing_preference: preference };
    await deps.users.update(user.id, { setting: JSON.stringify(setting) });
    deps.notices.publish('users', user.id);
    return ok({ billing_preference: preference });
  });

  route(app, 'POST', '/subscription/balance/pay', guard.user, async (request) => {
    const { plan_id } = parseInput(payBody, request.body);
    await buyWithWallet(deps, signedIn(request), plan_id, Math.floor(Date.now() / 1000));
    return ok();
  });
}
