import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { registerCreemWebhookRoute } from './creem-webhook.js';
import { registerStripeWebhookRoute } from './stripe-webhook.js';

/** A webhook body past this is no provider's (new-api caps them at 1 MiB too). */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * The routes a payment provider posts a signed JSON event to (Stripe's, Creem's), in a scope of
 * their own: the signature covers the body byte for byte, so here a JSON body reaches the handler
 * as the raw bytes it came in, which it parses only once they are proven. Other content types are
 * refused (415) as everywhere under /api.
 */
export async function registerProviderWebhookRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    registerStripeWebhookRoute(scope, ctx);
    registerCreemWebhookRoute(scope, ctx);
  });
}

