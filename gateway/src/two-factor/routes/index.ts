import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { registerTwoFactorAdminRoutes } from './two-factor-admin.js';
import { registerTwoFactorSignInRoute } from './two-factor-sign-in.js';
import { registerTwoFactorRoutes } from './two-factor.js';

/** The API routes of two-factor sign-in, its settings and its reset by administrators. */
export function registerTwoFactorApi(app: FastifyInstance, ctx: ApiContext): void {
  registerTwoFactorSignInRoute(app, ctx);
  registerTwoFactorRoutes(app, ctx);
  registerTwoFactorAdminRoutes(app, ctx);
}
