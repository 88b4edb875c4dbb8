import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from '../../deps.js';
import { limitRate } from '../../http/rate-limit.js';
import { registerChannelRoutes } from './channel.js';
import { registerChannelOpsRoutes } from './channel-ops.js';
import { registerChannelWriteRoutes } from './channel-write.js';
import { registerEmailVerificationRoute } from './email-verification.js';
import { registerEpayNotifyRoute } from './epay-notify.js';
import { registerLogRoutes } from './log.js';
import { registerOptionRoutes } from './option.js';
import { registerPasswordResetRoutes } from './password-reset.js';
import { registerPricingRoute } from './pricing.js';
import { registerRedemptionRoutes } from './redemption.js';
import { registerStatusRoutes } from './status.js';
import { createApiContext } from './support/context.js';
import { registerTaskListRoutes } from './task.js';
import { registerTokenRoutes } from './token.js';
import { registerTokenWriteRoutes } from './token-write.js';
import { registerUserAdminRoutes } from './user-admin.js';
import { registerUserAffRoutes } from './user-aff.js';
import { registerUserAuthRoutes } from './user-auth.js';
import { registerUserGroupRoutes } from './user-groups.js';
import { registerUserManageRoute } from './user-manage.js';
import { registerUserPayRoutes } from './user-pay.js';
import { registerUserSelfRoutes } from './user-self.js';
import { registerUserTopupRoute } from './user-topup.js';
import { registerUserUpdateRoute } from './user-update.js';

/** The console's management API (registered under `/api`), wire-compatible with new-api. */
export async function registerApiRoutes(app: FastifyInstance, { deps }: { deps: GatewayDeps }): Promise<void> {
  limitRate(app, deps.config, deps.rateLimiters);
  await app.register(formbody); // Epay may notify with a form post
  const ctx = createApiContext(deps);
  registerStatusRoutes(app, ctx);
  registerUserAuthRoutes(app, ctx);
  registerUserSelfRoutes(app, ctx);
  registerUserAffRoutes(app, ctx);
  registerEmailVerificationRoute(app, ctx);
  registerPasswordResetRoutes(app, ctx);
  registerUserGroupRoutes(app, ctx);
  registerUserAdminRoutes(app, ctx);
  registerUserUpdateRoute(app, ctx);
  registerUserManageRoute(app, ctx);
  registerTokenRoutes(app, ctx);
  registerTokenWriteRoutes(app, ctx);
  registerChannelRoutes(app, ctx);
  registerChannelWriteRoutes(app, ctx);
  registerChannelOpsRoutes(app, ctx);
  registerOptionRoutes(app, ctx);
  registerLogRoutes(app, ctx);
  registerRedemptionRoutes(app, ctx);
  registerPricingRoute(app, ctx);
  registerUserTopupRoute(app, ctx);
  registerUserPayRoutes(app, ctx);
  registerEpayNotifyRoute(app, ctx);
  registerTaskListRoutes(app, ctx);
}
