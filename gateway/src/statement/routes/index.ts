import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { registerDataRoutes } from './data.js';
import { registerSelfUsageRoute } from './self-usage.js';
import { registerStatementRoutes } from './statement.js';
import { registerUsageExportRoutes } from './usage-export.js';

/** The API routes of statements, usage export, the self-usage home and the data dashboard. */
export function registerStatementApi(app: FastifyInstance, ctx: ApiContext): void {
  registerDataRoutes(app, ctx);
  registerSelfUsageRoute(app, ctx);
  registerUsageExportRoutes(app, ctx);
  registerStatementRoutes(app, ctx);
}
