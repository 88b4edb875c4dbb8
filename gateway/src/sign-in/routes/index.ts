import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { registerEmailBindRoute } from './oauth-email-bind.js';
import { registerTelegramRoutes } from './oauth-telegram.js';
import { registerWeChatRoutes } from './oauth-wechat.js';
import { registerOAuthRoutes } from './oauth.js';
import { registerUserAuthRoutes } from './user-auth.js';

/** The API routes of sign-in: password, registration, OAuth, WeChat and Telegram. */
export function registerSignInApi(app: FastifyInstance, ctx: ApiContext): void {
  registerUserAuthRoutes(app, ctx);
  registerOAuthRoutes(app, ctx);
  registerWeChatRoutes(app, ctx);
  registerTelegramRoutes(app, ctx);
  registerEmailBindRoute(app, ctx);
}
