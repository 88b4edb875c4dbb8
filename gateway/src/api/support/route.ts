import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, preHandlerAsyncHookHandler } from 'fastify';
import type { AdminWrite } from '../../audit/admin-writes.js';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Registers a route under both `/x` and `/x/`: the console calls new-api's paths with and
 * without the trailing slash (`/api/token/` and `/api/token/5/`). An admin or root write names
 * what the audit trail records of it (`audits` in audit/admin-writes.ts).
 */
export function route(app: FastifyInstance, method: HTTPMethods, path: string, guard: preHandlerAsyncHookHandler | null, handler: Handler, audit?: AdminWrite): void {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  for (const url of [trimmed, `${trimmed}/`]) {
    app.route({ method, url, ...(guard ? { preHandler: guard } : {}), ...(audit ? { config: { audit } } : {}), handler });
  }
}
