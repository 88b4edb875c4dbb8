import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { registerOptionRoutes } from './option.js';
import { registerPaymentComplianceRoute } from './payment-compliance.js';
import { registerPricingRoute } from './pricing.js';
import { registerPublicPageRoutes } from './public-pages.js';
import { registerRatioConfigRoute } from './ratio-config.js';
import { registerStatusRoutes } from './status.js';

/** The API routes of options, the status object, pricing, the exposed ratios and the public pages. */
export function registerOptionsApi(app: FastifyInstance, ctx: ApiContext): void {
  registerStatusRoutes(app, ctx);
  registerOptionRoutes(app, ctx);
  registerPaymentComplianceRoute(app, ctx);
  registerPricingRoute(app, ctx);
  registerRatioConfigRoute(app, ctx);
  registerPublicPageRoutes(app, ctx);
}
