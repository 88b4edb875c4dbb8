import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { registerTokenWriteRoutes } from './token-write.js';
import { registerTokenRoutes } from './token.js';

/** The API routes of API tokens. */
export function registerTokensApi(app: FastifyInstance, ctx: ApiContext): void {
  registerTokenRoutes(app, ctx);
  registerTokenWriteRoutes(app, ctx);
}
