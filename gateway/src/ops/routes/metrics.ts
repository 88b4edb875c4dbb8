import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RelayMetrics } from '../../relay/overhead.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearsToken(request: FastifyRequest, token: string): boolean {
  return timingSafeEqual(digest(request.headers.authorization ?? ''), digest(`Bearer ${token}`));
}

/**
 * GET /metrics: Prometheus text format. It holds timings only, no ids or secrets, but says how
 * busy the gateway is; with a token, a scrape without it gets 401.
 */
export function registerMetrics(app: FastifyInstance, metrics: RelayMetrics, token: string | undefined): void {
  app.get('/metrics', async (request, reply) => {
    if (token !== undefined && !bearsToken(request, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ success: false, message: 'metrics need the bearer token (METRICS_TOKEN)' });
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/**
 * The public port serves /metrics only when the operator set METRICS_TOKEN, and then to the
 * token alone; otherwise it answers 404 there, and the metrics listener is the way in.
 */
export function registerPublicMetrics(app: FastifyInstance, metrics: RelayMetrics, token: string | undefined): void {
  if (token !== undefined) registerMetrics(app, metrics, token);
}
