import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { registerEpayNotifyRoute } from './epay-notify.js';
import type { ApiContext } from '../../api/support/context.js';

/**
 * The routes a payment provider's server posts a form to (new-api's: Epay's notice), in a scope
 * of their own: the form parser reaches them alone, so no other /api route reads a body that a
 * cross-site HTML form can send.
 */
export async function registerProviderFormRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(formbody);
    registerEpayNotifyRoute(scope, ctx);
  });
}
