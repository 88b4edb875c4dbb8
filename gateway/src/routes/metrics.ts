import type { FastifyInstance } from 'fastify';
import type { RelayMetrics } from '../relay/overhead.js';

/** GET /metrics: Prometheus text format. It holds timings only, no ids or secrets. */
export function registerMetrics(app: FastifyInstance, metrics: RelayMetrics): void {
  app.get('/metrics', async (_request, reply) => {
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
