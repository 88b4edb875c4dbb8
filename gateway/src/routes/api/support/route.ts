import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, preHandlerAsyncHookHandler } from 'fastify';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Registers a route under both `/x` and `/x/`: the console calls new-api's paths with and
 * without the trailing slash (`/api/token/` and `/api/token/5/`).
 */
export function route(app: FastifyInstance, method: HTTPMethods, path: string, guard: preHandlerAsyncHookHandler | null, handler: Handler): void {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  for (const url of [trimmed, `${trimmed}/`]) {
    app.route({ method, url, ...(guard ? { preHandler: guard } : {}), handler });
  }
}
