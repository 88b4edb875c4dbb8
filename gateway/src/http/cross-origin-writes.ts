import type { FastifyInstance } from 'fastify';
import { ApiFailure } from './errors.js';
import { claimedOrigin, type ConsoleOriginSources, consoleOrigins, isSameOrigin } from './same-origin.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A provider's server posts here (a payment notice): the route reads no session and proves
     * the caller by a signature, so any origin may call it.
     */
    providerCallback?: boolean;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_ORIGIN_REFUSED = '跨站请求已拒绝：请求来源不是本站';

/**
 * Refuses (403, in the envelope) a state-changing call that a browser says comes from a page of
 * another origin, before any session, rate limit or body is read: a cross-site form could
 * otherwise sign the victim's browser into the attacker's account, or write with the victim's
 * session. Calls that name no origin (API clients, access tokens, scripts) pass.
 */
export function refuseCrossOriginWrites(app: FastifyInstance, sources: ConsoleOriginSources): void {
  app.addHook('onRequest', async (request) => {
    if (!WRITES.has(request.method) || request.routeOptions.config.providerCallback) return;
    const site = { protocol: request.protocol, host: request.host };
    if (!isSameOrigin(claimedOrigin(request.headers), site, consoleOrigins(sources))) throw new ApiFailure(CROSS_ORIGIN_REFUSED, 403);
  });
}
