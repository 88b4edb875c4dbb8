import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { registerLogSearchRoutes } from './log-search.js';
import { registerLogRoutes } from './log.js';

/** The API routes of the usage log and its search. */
export function registerLogsApi(app: FastifyInstance, ctx: ApiContext): void {
  registerLogRoutes(app, ctx);
  registerLogSearchRoutes(app, ctx);
}
