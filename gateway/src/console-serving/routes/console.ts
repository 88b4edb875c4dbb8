import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built console; any unknown GET outside the APIs gets index.html (client routing). */
export async function registerConsole(app: FastifyInstance, opts: { root: string }): Promise<void> {
  // preCompressed: the build writes `.gz` beside each script and style sheet; a browser that accepts gzip gets
  // those. Vary tells a shared cache in front that the answer depends on Accept-Encoding.
  await app.register(fastifyStatic, { root: opts.root, wildcard: false, preCompressed: true, setHeaders: (res) => {
      res.setHeader('vary', 'Accept-Encoding');
    } });
  app.get('/*', (request, reply) => {
    // An unknown API path is the API's 404, in the shape of the surface it was asked on; so is
    // /metrics where the public port does not serve it (ops/routes/metrics.ts), not the console's page.
    if (/^\/(api|v1|v1beta|pg|mj|suno|socket\.io|metrics)(\/|$)/.test(request.url)) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
