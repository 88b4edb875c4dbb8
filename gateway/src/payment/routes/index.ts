import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { registerCreemPayRoute } from './creem-pay.js';
import { registerProviderFormRoutes } from './provider-forms.js';
import { registerProviderWebhookRoutes } from './provider-webhooks.js';
import { registerRedemptionRoutes } from './redemption.js';
import { registerStripePayRoutes } from './stripe-pay.js';
import { registerUserPayRoutes } from './user-pay.js';
import { registerUserTopupListRoutes } from './user-topup-list.js';
import { registerUserTopupRoute } from './user-topup.js';

/** The API routes of top-ups: online payment (Epay, Stripe, Creem) and its provider notices, redemption codes, top-up history. */
export async function registerPaymentApi(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await registerProviderFormRoutes(app, ctx);
  await registerProviderWebhookRoutes(app, ctx);
  registerStripePayRoutes(app, ctx);
  registerCreemPayRoute(app, ctx);
  registerRedemptionRoutes(app, ctx);
  registerUserTopupRoute(app, ctx);
  registerUserPayRoutes(app, ctx);
  registerUserTopupListRoutes(app, ctx);
}
