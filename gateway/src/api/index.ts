import type { FastifyInstance } from 'fastify';
import { registerPaymentApi } from '../payment/routes/index.js';
import { registerOptionsApi } from '../options/routes/index.js';
import { registerSignInApi } from '../sign-in/routes/index.js';
import { registerTwoFactorApi } from '../two-factor/routes/index.js';
import { registerAccountsApi } from '../accounts/routes/index.js';
import { registerUserAffRoutes } from '../invites/routes/user-aff.js';
import { registerTokensApi } from '../tokens/routes/index.js';
import { registerChannelsApi } from '../channels/routes/index.js';
import { registerLogsApi } from '../logs/routes/index.js';
import { registerOpsRoutes } from '../ops/routes/ops.js';
import { registerStatementApi } from '../statement/routes/index.js';
import { registerTaskListRoutes } from '../tasks/routes/task.js';
import { registerImportRoutes } from '../import/routes/import.js';
import { registerAuditApi } from '../audit/routes/index.js';
import { registerSubscriptionsApi } from '../subscriptions/routes/index.js';
import type { ApiContext } from './support/context.js';

/**
 * The console's management API's routes (under `/api`), wire-compatible with new-api. They take
 * JSON bodies only: a form or plain-text body (what a cross-site HTML form can send without a
 * preflight) gets 415, bar the payment notices that providers post as forms. Each capability
 * registers its own route families (its `routes/index.ts`).
 */
export async function registerApiRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.removeContentTypeParser('text/plain');
  await registerPaymentApi(app, ctx);
  registerOptionsApi(app, ctx);
  registerSignInApi(app, ctx);
  registerTwoFactorApi(app, ctx);
  registerAccountsApi(app, ctx);
  registerUserAffRoutes(app, ctx);
  registerTokensApi(app, ctx);
  registerChannelsApi(app, ctx);
  registerLogsApi(app, ctx);
  registerOpsRoutes(app, ctx);
  registerStatementApi(app, ctx);
  registerTaskListRoutes(app, ctx);
  registerImportRoutes(app, ctx);
  registerAuditApi(app, ctx);
  registerSubscriptionsApi(app, ctx);
}
