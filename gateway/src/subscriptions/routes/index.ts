import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { registerPlanAdminRoutes } from './plans-admin.js';
import { registerSubscriptionAdminRoutes } from './subscriptions-admin.js';
import { registerSubscriptionPayRoutes } from './subscription-pay.js';
import { registerSubscriptionSelfRoutes } from './subscription-self.js';

/** The API routes of plans and subscriptions (issue #41), on new-api's paths. */
export function registerSubscriptionsApi(app: FastifyInstance, ctx: ApiContext): void {
  registerPlanAdminRoutes(app, ctx);
  registerSubscriptionAdminRoutes(app, ctx);
  registerSubscriptionSelfRoutes(app, ctx);
  registerSubscriptionPayRoutes(app, ctx);
}
