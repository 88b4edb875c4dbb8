import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built console; any unknown GET outside the APIs gets index.html (client routing). */
export async function registerConsole(app: FastifyInstance, opts: { root: string }): Promise<void> {
  await app.register(fastifyStatic, { root: opts.root, wildcard: false });
  app.get('/*', (request, reply) => {
    if (/^\/(api|v1|v1beta|pg|mj|suno|socket\.io)(\/|$)/.test(request.url)) {
      return reply.code(404).send({ success: false, message: 'not found' });
    }
    return reply.sendFile('index.html');
  });
}
