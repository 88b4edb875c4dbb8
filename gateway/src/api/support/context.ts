import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { GatewayDeps } from '../../deps.js';
import type { LedgerSync } from '../../events/ledger-sync.js';
import { ApiFailure, AuthMessages } from '../../http/errors.js';
import type { User } from '../../ports/documents/user-store.js';

/**
 * What every route family of the management API shares. `Deps` names the capability contexts a
 * route family uses (`AccountsContext & MoneyContext`, contexts/), so its signature says what it reaches.
 */
export interface ApiContext<Deps = GatewayDeps> {
  deps: Deps;
  sync: LedgerSync;
  /** preHandlers: a signed-in user, an administrator (role >= 10), the super administrator (role >= 100). */
  guard: { user: preHandlerAsyncHookHandler; admin: preHandlerAsyncHookHandler; root: preHandlerAsyncHookHandler };
}

/** The user a guarded route acts as. */
export function signedIn(request: FastifyRequest): User {
  if (!request.user) throw new ApiFailure(AuthMessages.notLoggedIn, 401);
  return request.user;
}
