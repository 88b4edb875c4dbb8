import type { FastifyInstance } from 'fastify';
import { recordAdminWrites } from '../audit/record-admin-writes.js';
import { requireUser } from '../auth/require-user.js';
import type { GatewayDeps } from '../deps.js';
import { createLedgerSync } from '../events/ledger-sync.js';
import { refuseCrossOriginWrites } from '../http/cross-origin-writes.js';
import { limitRate } from '../http/rate-limit.js';
import { Role } from '../ports/documents/user-store.js';
import { registerApiRoutes } from '../api/index.js';
import type { ApiContext } from '../api/support/context.js';
import { requireAdminTwoFactor } from '../two-factor/admin-requirement.js';

function createApiContext(deps: GatewayDeps): ApiContext {
  return {
    deps,
    sync: createLedgerSync(deps.eventLog, deps.notifier),
    guard: {
      user: requireUser(deps, Role.User),
      admin: requireAdminTwoFactor(requireUser(deps, Role.Admin), deps.options, deps.twoFactor),
      root: requireAdminTwoFactor(requireUser(deps, Role.Root), deps.options, deps.twoFactor),
    },
  };
}

/**
 * The management API (a Fastify plugin, registered under `/api`): its refusal of other origins'
 * writes, its rate limits, the audit of every admin write, and the context its route families
 * share, each given its slice of `deps`.
 */
export async function wireApi(app: FastifyInstance, { deps }: { deps: GatewayDeps }): Promise<void> {
  refuseCrossOriginWrites(app, deps);
  limitRate(app, deps.config, deps.rateLimiters);
  recordAdminWrites(app, deps);
  await registerApiRoutes(app, createApiContext(deps));
}
