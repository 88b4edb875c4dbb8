import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { registerEmailVerificationRoute } from './email-verification.js';
import { registerPasswordResetRoutes } from './password-reset.js';
import { registerSetupRoutes } from './setup.js';
import { registerUserAdminRoutes } from './user-admin.js';
import { registerUserGroupRoutes } from './user-groups.js';
import { registerUserManageRoute } from './user-manage.js';
import { registerUserSelfRoutes } from './user-self.js';
import { registerUserSessionsRoute } from './user-sessions.js';
import { registerUserSettingRoute } from './user-setting.js';
import { registerUserUpdateRoute } from './user-update.js';

/** The API routes of users' accounts: sign-up's mails, password reset, setup, the self page and settings, groups, and the administrators' user management. */
export function registerAccountsApi(app: FastifyInstance, ctx: ApiContext): void {
  registerUserSelfRoutes(app, ctx);
  registerEmailVerificationRoute(app, ctx);
  registerPasswordResetRoutes(app, ctx);
  registerUserGroupRoutes(app, ctx);
  registerUserAdminRoutes(app, ctx);
  registerUserUpdateRoute(app, ctx);
  registerUserManageRoute(app, ctx);
  registerUserSessionsRoute(app, ctx);
  registerSetupRoutes(app, ctx);
  registerUserSettingRoute(app, ctx);
}
