import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built console; any unknown GET outside the APIs gets index.html (client routing). */
export async function registerConsole(app: FastifyInstance, opts: { root: string }): Promise<void> {
  await app.register(fastifyStatic, { root: opts.root, wildcard: false });
  app.get('/*', (request, reply) => {
    // An unknown API path is the API's 404, in the shape of the surface it was asked on.
    if (/^\/(api|v1|v1beta|pg|mj|suno|socket\.io)(\/|$)/.test(request.url)) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
